import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileImport, IconExternalLink } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../../lib/api-client.ts';
import { useTreeList } from '../../../trees/index.ts';
import { useAnkiImportJob, useStartAnkiImport, type AnkiImportTarget } from '../../api/useAnkiImport.ts';

/** The reasons the server gives for what it left out; anything else is shown as "other". */
const SKIP_REASONS = [
  'empty',
  'too_long',
  'no_cloze',
  'no_image',
  'unknown_note_type',
  'unsupported_shape',
  'missing_media',
  'sound',
  'no_cards',
  'extra_cards',
] as const;
type SkipReason = (typeof SKIP_REASONS)[number] | 'other';
const skipReason = (reason: string): SkipReason =>
  (SKIP_REASONS as readonly string[]).includes(reason) ? (reason as SkipReason) : 'other';

/** The job's progress, then its summary with "Open tree", or why it failed. */
function ImportProgress({ job, onAgain }: { job: string; onAgain: () => void }) {
  const { t } = useTranslation('recall');
  const { data, error } = useAnkiImportJob(job);
  if (error) return <Alert color="red">{error instanceof ApiError ? error.message : String(error)}</Alert>;
  const status = data?.status ?? 'queued';
  if (status === 'failed')
    return (
      <Alert color="red" title={t('anki.failed')} data-testid="anki-import-failed">
        <Stack gap="sm">
          <Text size="sm">{data?.error}</Text>
          <Group>
            <Button variant="default" onClick={onAgain}>
              {t('anki.again')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  if (status !== 'done' || !data?.result)
    return (
      <Stack gap="xs" data-testid="anki-import-progress">
        <Text size="sm">{t(status === 'queued' ? 'anki.queued' : 'anki.running')}</Text>
        <Progress value={data?.percent ?? 0} animated aria-label={t('anki.progress')} size="lg" />
        <Text size="xs" c="dimmed">
          {t('anki.percent', { percent: data?.percent ?? 0 })}
        </Text>
      </Stack>
    );
  const { result } = data;
  return (
    <Card withBorder data-testid="anki-import-summary">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('anki.done')}
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>{t('anki.nodes', { count: result.nodes_created })}</List.Item>
          <List.Item>{t('anki.cards', { count: result.cards_created })}</List.Item>
          <List.Item>{t('anki.reviews', { count: result.reviews_imported })}</List.Item>
          <List.Item>{t('anki.images', { count: result.media_imported })}</List.Item>
        </List>
        {result.skipped.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('anki.skipped')}
            </Text>
            <List size="sm" spacing={4}>
              {result.skipped.map((skip) => (
                <List.Item key={skip.reason}>
                  {t(`anki.skip.${skipReason(skip.reason)}`, { count: skip.count })}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Group>
          <Button component={Link} to={`/trees/${result.tree}`} leftSection={<IconExternalLink size={16} />}>
            {t('anki.open')}
          </Button>
          <Button variant="default" onClick={onAgain}>
            {t('anki.another')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/learn?import`: pick an .apkg or .colpkg, choose a new tree or one of mine, and import it. */
export function AnkiImport() {
  const { t } = useTranslation('recall');
  const [params] = useSearchParams();
  const initialTree = params.get('tree');
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'new' | 'existing'>(initialTree ? 'existing' : 'new');
  const [title, setTitle] = useState('');
  const [tree, setTree] = useState<string | null>(initialTree);
  const [job, setJob] = useState<string | null>(null);
  const trees = useTreeList({ pageSize: 100, ordering: '-updated_at' });
  const start = useStartAnkiImport();

  const target: AnkiImportTarget | null =
    mode === 'new'
      ? { title: title.trim() || (file?.name.replace(/\.(apkg|colpkg)$/i, '') ?? '') }
      : tree
        ? { tree }
        : null;
  const ready = file !== null && target !== null && ('tree' in target || target.title !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    start.mutate({ file, target }, { onSuccess: (accepted) => setJob(accepted.job) });
  };
  const again = () => {
    setJob(null);
    setFile(null);
    start.reset();
  };

  return (
    <Stack gap="lg" maw={640} data-testid="anki-import-page">
      <Title order={1} size="h2">
        {t('anki.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('anki.intro')}
      </Text>
      {job ? (
        <ImportProgress job={job} onAgain={again} />
      ) : (
        <form onSubmit={submit}>
          <Stack gap="md">
            <FileInput
              label={t('anki.file')}
              description={t('anki.fileHint')}
              placeholder={t('anki.pick')}
              accept=".apkg,.colpkg"
              value={file}
              onChange={setFile}
              data-testid="anki-file"
              leftSection={<IconFileImport size={16} />}
            />
            <SegmentedControl
              value={mode}
              onChange={(value) => setMode(value as 'new' | 'existing')}
              data={[
                { value: 'new', label: t('anki.newTree') },
                { value: 'existing', label: t('anki.existingTree') },
              ]}
              aria-label={t('anki.target')}
            />
            {mode === 'new' ? (
              <TextInput
                label={t('anki.treeTitle')}
                placeholder={file?.name.replace(/\.(apkg|colpkg)$/i, '') ?? ''}
                value={title}
                maxLength={200}
                onChange={(event) => setTitle(event.currentTarget.value)}
                data-testid="anki-title"
              />
            ) : (
              <Select
                label={t('anki.tree')}
                placeholder={t('anki.treePick')}
                searchable
                value={tree}
                onChange={setTree}
                data={(trees.data?.results ?? []).map((item) => ({ value: item.uuid, label: item.title }))}
                nothingFoundMessage={t('anki.noTrees')}
                data-testid="anki-tree"
              />
            )}
            {start.error && (
              <Alert color="red">{start.error instanceof ApiError ? start.error.message : String(start.error)}</Alert>
            )}
            <Group>
              <Button type="submit" disabled={!ready} loading={start.isPending} data-testid="anki-start">
                {t('anki.start')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
