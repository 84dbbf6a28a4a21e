import { Button, FileButton, Menu } from '@mantine/core';
import {
  IconDownload,
  IconFileTypeSvg,
  IconJson,
  IconLayoutBoard,
  IconListTree,
  IconMarkdown,
  IconPhoto,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_ACCEPT, type DocumentFormat } from '../io/document-files.ts';
import type { ImageFormat } from '../io/export-image.ts';
import classes from './TreeEditor.module.css';

interface DocumentMenuProps {
  readOnly: boolean;
  onExportImage: (format: ImageFormat) => void;
  onExportDocument: (format: DocumentFormat) => void;
  onImport: (file: File) => void;
  busy: boolean;
}

/** The export and import items of a `<Menu>` (the document menu, the phone toolbar's "more" menu). */
export function DocumentMenuItems({
  readOnly,
  onExportImage,
  onExportDocument,
  onImport,
}: Omit<DocumentMenuProps, 'busy'>) {
  const { t } = useTranslation('trees');
  return (
    <>
      <Menu.Label>{t('io.export')}</Menu.Label>
      <Menu.Item leftSection={<IconPhoto size={16} />} onClick={() => onExportImage('png')} data-testid="export-png">
        {t('io.png')}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconFileTypeSvg size={16} />}
        onClick={() => onExportImage('svg')}
        data-testid="export-svg"
      >
        {t('io.svg')}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconJson size={16} />}
        onClick={() => onExportDocument('json')}
        data-testid="export-json"
      >
        {t('io.json')}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconMarkdown size={16} />}
        onClick={() => onExportDocument('markdown')}
        data-testid="export-markdown"
      >
        {t('io.markdown')}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconListTree size={16} />}
        onClick={() => onExportDocument('opml')}
        data-testid="export-opml"
      >
        {t('io.opml')}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconLayoutBoard size={16} />}
        onClick={() => onExportDocument('canvas')}
        data-testid="export-canvas"
      >
        {t('io.canvas')}
      </Menu.Item>
      {readOnly ? null : (
        <>
          <Menu.Divider />
          <Menu.Label>{t('io.import')}</Menu.Label>
          <FileButton onChange={(file) => file && onImport(file)} accept={IMPORT_ACCEPT}>
            {(props) => (
              <Menu.Item
                {...props}
                leftSection={<IconUpload size={16} />}
                closeMenuOnClick={false}
                data-testid="import-into-tree"
              >
                {t('io.importFile')}
              </Menu.Item>
            )}
          </FileButton>
        </>
      )}
    </>
  );
}

/** Export PNG/SVG/JSON/Markdown/OPML/JSON Canvas and import any of the document formats into the open tree. */
export function DocumentMenu({ readOnly, onExportImage, onExportDocument, onImport, busy }: DocumentMenuProps) {
  const { t } = useTranslation('trees');
  // Controlled so a chosen import file closes the menu: its preview dialog then stands alone.
  const [opened, setOpened] = useState(false);
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} />}
          loading={busy}
          className={classes.narrowIcon}
          aria-label={t('io.menu')}
          title={t('io.menu')}
          data-testid="document-menu"
        >
          <span className={classes.wideLabel}>{t('io.menu')}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <DocumentMenuItems
          readOnly={readOnly}
          onExportImage={onExportImage}
          onExportDocument={onExportDocument}
          onImport={(file) => {
            setOpened(false);
            onImport(file);
          }}
        />
      </Menu.Dropdown>
    </Menu>
  );
}
