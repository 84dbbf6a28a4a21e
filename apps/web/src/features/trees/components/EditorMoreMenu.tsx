import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import type { UnlockMode } from '@arbor/tree-core';
import { IconCheck, IconDeviceFloppy, IconDots, IconFocus2, IconHistory } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentFormat } from '../io/document-files.ts';
import type { ImageFormat } from '../io/export-image.ts';
import type { LayoutDirection } from '../model/tree-document.ts';
import { DocumentMenuItems } from './DocumentMenu.tsx';
import { UnlockModeItems } from './UnlockModeMenu.tsx';

const DIRECTIONS: readonly LayoutDirection[] = ['TB', 'LR', 'RADIAL'];

interface EditorMoreMenuProps {
  readOnly: boolean;
  direction: LayoutDirection;
  onDirection: (direction: LayoutDirection) => void;
  unlock: UnlockMode;
  onUnlock: (mode: UnlockMode) => void;
  onFit: () => void;
  onExportImage: (format: ImageFormat) => void;
  onExportDocument: (format: DocumentFormat) => void;
  onImport: (file: File) => void;
  /** the versions page, when the user may manage versions */
  versionsTo: string | null;
  onSaveVersion: (() => void) | null;
  /** extensions' `editorMenu` items (e.g. Share) */
  extensionItems: ReactNode;
}

/**
 * The toolbar's actions that do not fit a phone's width, in one "more" menu reachable by touch and
 * keyboard (arrow keys, Enter, Escape). Kept mounted while closed: an item may hold its dialog open.
 */
export function EditorMoreMenu(props: EditorMoreMenuProps) {
  const { t } = useTranslation('trees');
  const label = t('toolbar.more');
  const dropdownRef = useRef<HTMLDivElement>(null);
  const byKeyboard = useRef(false);
  // Controlled so a chosen import file closes the menu: its preview dialog then stands alone.
  const [opened, setOpened] = useState(false);
  // A kept-mounted menu does not move the focus in by itself (Mantine turns its focus trap off): opened
  // from the keyboard, the first item takes it, so arrow keys, Enter and Escape work as in any menu.
  const focusFirstItem = () => {
    if (!byKeyboard.current) return;
    byKeyboard.current = false;
    // The dropdown is shown by its opening transition: try again until it can take the focus.
    const attempt = (left: number) => {
      const item = dropdownRef.current?.querySelector<HTMLElement>('[data-menu-item]:not(:disabled)');
      item?.focus();
      if (left > 0 && (!item || document.activeElement !== item)) requestAnimationFrame(() => attempt(left - 1));
    };
    requestAnimationFrame(() => attempt(30));
  };
  const onTargetKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') byKeyboard.current = true;
  };
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={260}
      withinPortal
      keepMounted
      // Hidden with display: none, not inside a hidden React Activity: a dialog opened from an item
      // (Share) lives in the menu's tree, and an Activity would hide it, and stop its effects, as
      // soon as the menu has closed.
      keepMountedMode="display-none"
      opened={opened}
      onChange={setOpened}
      onOpen={focusFirstItem}
    >
      <Menu.Target>
        <Tooltip label={label}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            data-testid="toolbar-more"
            onKeyDown={onTargetKeyDown}
          >
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown
        ref={dropdownRef}
        mah="calc(100dvh - 140px)"
        style={{ overflowY: 'auto' }}
        data-testid="toolbar-more-menu"
      >
        {props.readOnly ? null : (
          <>
            <Menu.Label>{t('toolbar.layout')}</Menu.Label>
            {DIRECTIONS.map((direction) => (
              <Menu.Item
                key={direction}
                role="menuitemradio"
                aria-checked={props.direction === direction}
                leftSection={
                  <IconCheck
                    size={16}
                    aria-hidden
                    style={{ visibility: props.direction === direction ? 'visible' : 'hidden' }}
                  />
                }
                onClick={() => props.onDirection(direction)}
                data-testid={`more-layout-${direction}`}
              >
                {t(`layout.${direction}`)}
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Item leftSection={<IconFocus2 size={16} aria-hidden />} onClick={props.onFit} data-testid="more-fit">
          {t('toolbar.fit')}
        </Menu.Item>
        {props.versionsTo ? (
          <Menu.Item
            component={Link}
            to={props.versionsTo}
            leftSection={<IconHistory size={16} aria-hidden />}
            data-testid="more-versions"
          >
            {t('toolbar.versions')}
          </Menu.Item>
        ) : null}
        {props.onSaveVersion ? (
          <Menu.Item
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={props.onSaveVersion}
            data-testid="more-save-version"
          >
            {t('toolbar.saveVersion')}
          </Menu.Item>
        ) : null}
        {props.extensionItems}
        <Menu.Divider />
        <DocumentMenuItems
          readOnly={props.readOnly}
          onExportImage={props.onExportImage}
          onExportDocument={props.onExportDocument}
          onImport={(file) => {
            setOpened(false);
            props.onImport(file);
          }}
        />
        {props.readOnly ? null : (
          <>
            <Menu.Divider />
            <UnlockModeItems value={props.unlock} onChange={props.onUnlock} />
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
