import { Alert, Button, Group, List, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview, ImportPreviewOptions, ImportProblem, IssueReading } from '../io/import-preview.ts';
import type { TreeDocument } from '../model/tree-document.ts';

/** What the dialog knows about the chosen file. */
export type ImportPreviewState =
  | { status: 'idle' }
  | { status: 'reading'; fileName: string }
  | { status: 'ready'; fileName: string; preview: ImportPreview }
  | { status: 'failed'; fileName: string; problem: ImportProblem; issues: IssueReading[] };

const MAX_ISSUES_SHOWN = 5;
/** Alert titles in the body colour: Mantine's light red and yellow titles fall below 4.5:1 contrast. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/**
 * Reads a chosen file into a preview. The reader (and tree-core's validation) loads only when a file
 * is chosen; a newer choice wins over a slower earlier one.
 */
export function useImportPreview() {
  const [state, setState] = useState<ImportPreviewState>({ status: 'idle' });
  const latest = useRef(0);
  const choose = useCallback((file: File, options: ImportPreviewOptions) => {
    const run = ++latest.current;
    const fileName = file.name;
    setState({ status: 'reading', fileName });
    import('../io/import-preview.ts')
      .then(async ({ previewImportFile, readIssue }) => {
        const result = await previewImportFile(file, options);
        if (run !== latest.current) return;
        setState(
          result.ok
            ? { status: 'ready', fileName, preview: result.preview }
            : {
                status: 'failed',
                fileName,
                problem: result.problem,
                issues: result.problem.kind === 'invalid' ? result.problem.issues.map(readIssue) : [],
              },
        );
      })
      .catch(() => {
        if (run === latest.current)
          setState({ status: 'failed', fileName, problem: { kind: 'unreadable' }, issues: [] });
      });
  }, []);
  const reset = useCallback(() => {
    latest.current++;
    setState({ status: 'idle' });
  }, []);
  return { state, choose, reset };
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function problemText(problem: ImportProblem, t: TFunction<'trees'>): string {
  switch (problem.kind) {
    case 'tooLarge':
      return t('importPreview.problem.tooLarge', { size: megabytes(problem.bytes), max: megabytes(problem.maxBytes) });
    case 'tooManyNodes':
      return t('importPreview.problem.tooManyNodes', { count: problem.count, max: problem.max });
    case 'invalid':
      return t('importPreview.problem.invalid', { count: problem.issues.length });
    case 'empty':
      return t('io.importEmpty');
    default:
      return t(`importPreview.problem.${problem.kind}`);
  }
}

function issueText(issue: IssueReading, t: TFunction<'trees'>): string {
  switch (issue.kind) {
    case 'field':
      return issue.node === null
        ? t('importPreview.issue.field', { field: issue.field, detail: issue.detail })
        : t('importPreview.issue.nodeField', { node: issue.node, field: issue.field, detail: issue.detail });
    case 'noRoot':
      return t('importPreview.issue.noRoot');
    case 'duplicateId':
    case 'parentCycle':
      return t(`importPreview.issue.${issue.kind}`, { node: issue.node });
    case 'twoRoots':
      return t('importPreview.issue.twoRoots', { node: issue.node, root: issue.root });
    case 'missingParent':
      return t('importPreview.issue.missingParent', { node: issue.node, parent: issue.parent });
    case 'prerequisiteCycle':
      return t('importPreview.issue.prerequisiteCycle', { source: issue.source, target: issue.target });
    case 'other':
      return t('importPreview.issue.other', { detail: issue.detail });
  }
}

/** The dropped-or-changed lines of a preview; none when the file is kept whole. */
function changeLines(preview: ImportPreview, t: TFunction<'trees'>): Array<{ key: string; text: string }> {
  const { changes } = preview;
  const lines: Array<{ key: string; text: string }> = [];
  const counted = [
    'lostImages',
    'lostFields',
    'lostLinks',
    'images',
    'danglingLinks',
    'selfLinks',
    'duplicateLinks',
  ] as const;
  for (const key of counted)
    if (changes[key] > 0) lines.push({ key, text: t(`importPreview.${key}`, { count: changes[key] }) });
  if (changes.unknownFields.length > 0) {
    const fields = changes.unknownFields
      .map((f) =>
        t('importPreview.unknownField', { name: f.name, place: t(`importPreview.place.${f.place}`), count: f.count }),
      )
      .join(' · ');
    lines.push({ key: 'unknownFields', text: `${t('importPreview.unknownFields')} ${fields}` });
  }
  return lines;
}

interface ImportPreviewPanelProps {
  state: ImportPreviewState;
  replacing?: boolean;
  /** the tree's title when it differs from the root's (a title typed in the create dialog) */
  title?: string;
}

/**
 * The preview of a chosen file, or why it cannot be imported, in the UI language. One live region
 * holds every state, so a screen reader hears the preview once the file is read.
 */
export function ImportPreviewPanel(props: ImportPreviewPanelProps) {
  return (
    <div aria-live="polite" aria-busy={props.state.status === 'reading'}>
      <ImportPreviewContent {...props} />
    </div>
  );
}

function ImportPreviewContent({ state, replacing = false, title }: ImportPreviewPanelProps) {
  const { t } = useTranslation('trees');
  if (state.status === 'idle') return null;
  if (state.status === 'reading')
    return (
      <Group gap="xs" data-testid="import-preview-reading">
        <Loader size="xs" />
        <Text size="sm">{t('importPreview.reading')}</Text>
      </Group>
    );
  if (state.status === 'failed') {
    const shown = state.issues.slice(0, MAX_ISSUES_SHOWN);
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title={t('importPreview.failedTitle')}
        styles={READABLE_TITLE}
        role="alert"
        data-testid="import-preview-error"
        data-problem={state.problem.kind}
      >
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('importPreview.file', { name: state.fileName })}
          </Text>
          <Text size="sm">{problemText(state.problem, t)}</Text>
          {shown.length > 0 ? (
            <List size="sm" spacing={2}>
              {shown.map((issue, index) => (
                <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                  {issueText(issue, t)}
                </List.Item>
              ))}
            </List>
          ) : null}
          {state.issues.length > shown.length ? (
            <Text size="sm">{t('importPreview.issue.more', { count: state.issues.length - shown.length })}</Text>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  const { preview } = state;
  const lines = changeLines(preview, t);
  return (
    <Stack gap="xs" data-testid="import-preview">
      <Title order={4} size="h5">
        {replacing ? t('importPreview.headingReplace') : t('importPreview.heading')}
      </Title>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('importPreview.file', { name: state.fileName })}
      </Text>
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="35%">{t('importPreview.treeTitle')}</Table.Th>
            <Table.Td data-testid="import-preview-title" style={{ overflowWrap: 'anywhere' }}>
              {title || preview.title}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('importPreview.nodes')}</Table.Th>
            <Table.Td data-testid="import-preview-nodes">{preview.nodeCount}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('importPreview.links')}</Table.Th>
            <Table.Td data-testid="import-preview-links">{preview.linkCount}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {lines.length > 0 ? (
        <Alert
          color="yellow"
          icon={<IconInfoCircle size={18} />}
          title={t('importPreview.changesHeading')}
          styles={READABLE_TITLE}
          data-testid="import-preview-changes"
        >
          <List size="sm" spacing={2}>
            {lines.map((line) => (
              <List.Item key={line.key} data-testid={`import-preview-${line.key}`} style={{ overflowWrap: 'anywhere' }}>
                {line.text}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed" data-testid="import-preview-kept">
          {t('importPreview.keptAll')}
        </Text>
      )}
      {replacing ? <Text size="sm">{t('importPreview.undoable')}</Text> : null}
    </Stack>
  );
}

/** The editor's import: shows what the chosen file would put in place of the tree, then replaces on confirm. */
export function ImportReplaceDialog({
  file,
  rootTitle,
  keepImageIds,
  replacing,
  onReplace,
  onClose,
}: {
  file: File | null;
  rootTitle: string;
  keepImageIds: ReadonlySet<number>;
  /** the tree's document now: nodes of the file that have its ids keep their images */
  replacing: TreeDocument;
  onReplace: (doc: TreeDocument) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('trees');
  const { t: tc } = useTranslation('common');
  const { state, choose, reset } = useImportPreview();
  const options = useRef({ rootTitle, keepImageIds, replacing });
  options.current = { rootTitle, keepImageIds, replacing };
  useEffect(() => {
    if (file) choose(file, options.current);
    else reset();
  }, [file, choose, reset]);
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={t('io.importConfirmTitle')}
      centered
      closeButtonProps={{ 'aria-label': tc('close') }}
    >
      <Stack>
        <ImportPreviewPanel state={state} replacing />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="import-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            disabled={state.status !== 'ready'}
            onClick={() => {
              if (state.status !== 'ready') return;
              onReplace(state.preview.document);
              onClose();
            }}
            data-testid="import-confirm"
          >
            {t('io.importConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
