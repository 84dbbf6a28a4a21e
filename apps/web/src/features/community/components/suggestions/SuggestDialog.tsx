import type { ShareWithData } from '@arbor/contract';
import { Alert, Anchor, Button, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconGitFork } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DialogActions } from '../../../../lib/DialogActions.tsx';
import { useTreeList, type Tree } from '../../../trees/index.ts';
import { useUseTemplate } from '../../api/share-actions.ts';
import { useCreateSuggestion } from '../../api/suggestions.ts';
import { problemText } from '../../lib/problem.ts';

const TITLE_MAX = 200;
const MESSAGE_MAX = 5000;
/** enough of my trees to pick from, most recently edited first */
const TREES_SHOWN = 100;

/** Whether a tree was made from this template (`upstream`, where the API sends it). */
function forkedFrom(tree: Tree, shareUuid: string): boolean {
  const upstream = (tree as Tree & { upstream?: { share?: string } | null }).upstream;
  return upstream?.share === shareUuid;
}

/** My trees to pick from: those forked from this template first. */
export function treeChoices(trees: readonly Tree[], shareUuid: string): { value: string; label: string }[] {
  const forks = trees.filter((tree) => forkedFrom(tree, shareUuid));
  const others = trees.filter((tree) => !forkedFrom(tree, shareUuid));
  return [...forks, ...others].map((tree) => ({ value: String(tree.id), label: tree.title }));
}

/**
 * The dialog's way to my copy of the template: open it in the editor when I have one, else make one
 * (a fork, as "Use this template") and open that.
 */
function MyCopy({ share, fork, onClose }: { share: ShareWithData; fork: Tree | undefined; onClose: () => void }) {
  const { t } = useTranslation('reviews');
  const { t: tc } = useTranslation('community');
  const navigate = useNavigate();
  const use = useUseTemplate(share.uuid);
  const made = (tree: { uuid: string; title: string }) => {
    notifications.show({ color: 'teal', message: tc('detail.used', { title: tree.title }) });
    void navigate(`/trees/${tree.uuid}`);
  };
  if (fork) {
    return (
      <Anchor component={Link} to={`/trees/${fork.uuid}`} size="sm" onClick={onClose} data-testid="suggest-open-copy">
        <IconEdit size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
        {t('suggestions.suggest.openCopy', { title: fork.title })}
      </Anchor>
    );
  }
  return (
    <Alert color="gray" title={t('suggestions.suggest.noCopy')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('suggestions.suggest.noCopyHint')}</Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconGitFork size={14} aria-hidden />}
          loading={use.isPending}
          disabled={!share.abilities.use}
          onClick={() => use.mutate(undefined, { onSuccess: ({ tree }) => made(tree) })}
        >
          {t('suggestions.suggest.makeCopy')}
        </Button>
        {use.isError ? (
          <Text size="sm" c="red" role="alert">
            {problemText(use.error, { network: t('problem.network'), server: t('problem.server') })}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

interface SuggestDialogProps {
  share: ShareWithData;
  onClose: () => void;
  /** the suggestion was made: open it */
  onCreated: (suggestion: number) => void;
}

/**
 * "Suggest an edit": one of my trees (its working copy) proposed to the template's author, with a
 * title and a message; my copy of the template opens from here, or is made when I have none.
 */
export function SuggestDialog({ share, onClose, onCreated }: SuggestDialogProps) {
  const { t } = useTranslation('reviews');
  const trees = useTreeList({ ordering: '-updated_at', pageSize: TREES_SHOWN });
  const create = useCreateSuggestion(share.uuid);
  const choices = useMemo(() => treeChoices(trees.data?.results ?? [], share.uuid), [trees.data, share.uuid]);
  const fork = trees.data?.results.find((candidate) => forkedFrom(candidate, share.uuid));
  const [picked, setPicked] = useState<string | null>(null);
  const tree = picked ?? choices[0]?.value ?? null;
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const titleMissing = title.trim().length === 0;
  const noTrees = trees.isSuccess && choices.length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (titleMissing || !tree) return;
    create.mutate(
      { title: title.trim(), message: message.trim() || undefined, tree: Number(tree) },
      {
        onSuccess: (suggestion) => {
          notifications.show({ color: 'teal', message: t('suggestions.suggest.sent') });
          onCreated(suggestion.id);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('suggestions.suggest.title')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {trees.isSuccess ? <MyCopy share={share} fork={fork} onClose={onClose} /> : null}
          {noTrees ? null : (
            <Select
              label={t('suggestions.suggest.tree')}
              description={t('suggestions.suggest.treeHint')}
              data={choices}
              value={tree}
              onChange={setPicked}
              searchable
              allowDeselect={false}
              disabled={trees.isPending}
              required
              error={tried && !tree ? t('suggestions.suggest.treeMissing') : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <TextInput
            label={t('suggestions.suggest.titleLabel')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={TITLE_MAX}
            required
            error={tried && titleMissing ? t('suggestions.suggest.titleMissing') : undefined}
            data-autofocus
          />
          <Textarea
            label={t('suggestions.suggest.message')}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            maxLength={MESSAGE_MAX}
            autosize
            minRows={3}
            maxRows={10}
          />
          {create.isError ? (
            <Alert color="red" role="alert">
              {problemText(create.error, { network: t('problem.network'), server: t('problem.server') })}
            </Alert>
          ) : null}
          {trees.isError ? (
            <Alert color="red" role="alert">
              {problemText(trees.error, { network: t('problem.network'), server: t('problem.server') })}
            </Alert>
          ) : null}
          <DialogActions
            onCancel={onClose}
            submit={t('suggestions.suggest.submit')}
            loading={create.isPending}
            disabled={noTrees}
          />
        </Stack>
      </form>
    </Modal>
  );
}
