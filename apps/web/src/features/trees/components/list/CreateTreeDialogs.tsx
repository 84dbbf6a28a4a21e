import { Button, FileButton, Group, Modal, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCreateTree } from '../../api/useCreateTree.ts';
import { DocumentImportError, parseDocument, rootTitleOf } from '../../io/document-files.ts';

/** The file import on My trees reads Arbor's JSON and the open formats (OPML, JSON Canvas) alike. */
const FILE_IMPORT_ACCEPT = '.json,.opml,.canvas,application/json,text/x-opml,application/xml,text/xml';
import type { TreeDocument } from '../../model/tree-document.ts';
import { ImportPreviewPanel, useImportPreview } from '../ImportPreview.tsx';

export type CreateMode = 'blank' | 'markdown' | 'json';

/** Creates a tree (blank, or with a document read from Markdown or JSON) and opens it in the editor. */
function useCreateAndOpen() {
  const { t } = useTranslation('trees');
  const navigate = useNavigate();
  const create = useCreateTree();
  const run = async (title: string, data?: TreeDocument) => {
    try {
      const tree = await create.mutateAsync({ title, ...(data ? { data } : {}) });
      notifications.show({ color: 'teal', message: t('list.created', { title: tree.title }) });
      await navigate(`/trees/${tree.uuid}`);
    } catch (error) {
      const fields = error instanceof ApiError ? Object.values(error.fields).flat().slice(0, 3).join('\n') : '';
      notifications.show({
        color: 'red',
        title: t('list.createFailed'),
        message: fields || (error instanceof Error ? error.message : ''),
      });
    }
  };
  return { run, pending: create.isPending };
}

function importErrorMessage(error: unknown, t: TFunction<'trees'>): string {
  if (error instanceof DocumentImportError) return error.issues.slice(0, 3).join('\n') || t('io.importEmpty');
  return error instanceof Error ? error.message : String(error);
}

export function CreateTreeDialog({ mode, onClose }: { mode: CreateMode | null; onClose: () => void }) {
  const { t } = useTranslation('trees');
  const { t: tc } = useTranslation('common');
  const [title, setTitle] = useState('');
  const [outline, setOutline] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('paste');
  const imported = useImportPreview();
  // Cleared after each choice, so choosing the same file again (after fixing it) reads it again.
  const resetFile = useRef<() => void>(null);
  const { run, pending } = useCreateAndOpen();
  const close = () => {
    setTitle('');
    setOutline('');
    setError(null);
    setTab('paste');
    imported.reset();
    onClose();
  };
  const fromDocument = (doc: TreeDocument) => run(title.trim() || rootTitleOf(doc) || t('list.untitled'), doc);
  // A chosen file is previewed first; nothing is created until the user confirms.
  const onFile = (file: File | null) => {
    if (!file) return;
    setError(null);
    resetFile.current?.();
    imported.choose(file, { rootTitle: title.trim() || file.name.replace(/\.[^.]+$/, '') });
  };
  const fromFile = mode === 'json' || (mode === 'markdown' && tab === 'file');
  const confirmImport = () => {
    if (imported.state.status === 'ready') void fromDocument(imported.state.preview.document);
  };
  const submitOutline = () => {
    try {
      void fromDocument(parseDocument(outline, 'markdown', title.trim() || t('list.untitled')));
    } catch (e) {
      setError(importErrorMessage(e, t));
    }
  };

  return (
    <Modal
      opened={mode !== null}
      onClose={close}
      title={t(`create.${mode ?? 'blank'}Title`)}
      centered
      size={mode === 'markdown' ? 'lg' : 'md'}
      closeButtonProps={{ 'aria-label': tc('close') }}
    >
      <Stack>
        <TextInput
          label={t('create.title')}
          placeholder={mode === 'blank' ? t('create.titlePlaceholder') : t('create.titleOptional')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={200}
          data-autofocus
          required={mode === 'blank'}
          data-testid="create-title"
        />
        {mode === 'markdown' ? (
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List>
              <Tabs.Tab value="paste">{t('create.paste')}</Tabs.Tab>
              <Tabs.Tab value="file">{t('create.file')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="paste" pt="sm">
              <Textarea
                autosize
                minRows={8}
                maxRows={16}
                value={outline}
                onChange={(e) => setOutline(e.currentTarget.value)}
                placeholder={'# Machine learning\n- Math\n  - Linear algebra\n- Python'}
                ff="monospace"
                data-testid="create-outline"
              />
            </Tabs.Panel>
            <Tabs.Panel value="file" pt="sm">
              <FileButton onChange={onFile} resetRef={resetFile} accept=".md,.markdown,.txt,text/markdown,text/plain">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconFileUpload size={16} />}
                    loading={pending}
                    data-testid="create-markdown-file"
                  >
                    {t('create.chooseMarkdown')}
                  </Button>
                )}
              </FileButton>
            </Tabs.Panel>
          </Tabs>
        ) : null}
        {mode === 'json' ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('create.jsonHint')}
            </Text>
            <FileButton onChange={onFile} resetRef={resetFile} accept={FILE_IMPORT_ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconFileUpload size={16} />}
                  loading={pending}
                  data-testid="create-json-file"
                >
                  {t('create.chooseJson')}
                </Button>
              )}
            </FileButton>
          </Stack>
        ) : null}
        {fromFile ? <ImportPreviewPanel state={imported.state} title={title.trim()} /> : null}
        {error ? (
          <Text size="sm" c="red" style={{ whiteSpace: 'pre-wrap' }}>
            {t('io.importFailed')}: {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-testid="create-cancel">
            {t('common.cancel')}
          </Button>
          {mode === 'blank' ? (
            <Button
              loading={pending}
              disabled={!title.trim()}
              onClick={() => void run(title.trim())}
              data-testid="create-submit"
            >
              {t('create.submit')}
            </Button>
          ) : fromFile ? (
            <Button
              loading={pending}
              disabled={imported.state.status !== 'ready'}
              onClick={confirmImport}
              data-testid="import-confirm"
            >
              {t('importPreview.confirmCreate')}
            </Button>
          ) : mode === 'markdown' ? (
            <Button loading={pending} disabled={!outline.trim()} onClick={submitOutline} data-testid="create-submit">
              {t('create.submit')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
