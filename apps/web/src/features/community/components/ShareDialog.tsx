import type { Share } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import { Alert, Anchor, Image, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { DialogActions } from '../../../lib/DialogActions.tsx';
import { useHotTags } from '../api/hot-tags.ts';
import { useShareOfTree } from '../api/share-of-tree.ts';
import { useShareTree } from '../api/share-actions.ts';
import { renderTreeCover } from '../cover/render-cover.ts';
import { cleanTags, validateShareForm, type ShareFormValues } from '../model/share-form.ts';
import { ShareFields } from './ShareFields.tsx';

/** The contract's limit of a revision's changelog line. */
const MESSAGE_LIMIT = 500;

interface ShareDialogProps {
  opened: boolean;
  onClose: () => void;
  tree: { id: number; title: string; description: string; tags: string[] };
  /** The tree's document, for the cover picture; absent or failing → no cover. */
  coverSource?: () => Promise<TreeDocument>;
}

/**
 * Share a tree to the community: title, description, tags (hot tags suggested) and a designed cover
 * of the whole tree. Sharing a tree again starts from what its share says now.
 */
export function ShareDialog({ opened, onClose, tree, coverSource }: ShareDialogProps) {
  const { t } = useTranslation('community');
  const existing = useShareOfTree(tree.id);
  // The form starts from the answer fetched for this opening: a cached one may predate the last share
  // (the dialog opened again after sharing), and the form reads it only once.
  const ready = existing.isFetchedAfterMount || existing.isError;
  return (
    <Modal opened={opened} onClose={onClose} title={t('share.dialogTitle')} centered size="lg">
      {!ready ? (
        <Stack aria-busy="true">
          <Text size="sm" c="dimmed">
            {t('share.loadingShare')}
          </Text>
          <Skeleton h={36} />
          <Skeleton h={80} />
          <Skeleton h={36} />
        </Stack>
      ) : (
        <ShareForm tree={tree} existing={existing.data ?? null} onClose={onClose} coverSource={coverSource} />
      )}
    </Modal>
  );
}

interface ShareFormProps {
  tree: ShareDialogProps['tree'];
  /** the tree's current share (null when it was never shared, or could not be read) */
  existing: Share | null;
  onClose: () => void;
  coverSource?: ShareDialogProps['coverSource'];
}

function ShareForm({ tree, existing, onClose, coverSource }: ShareFormProps) {
  const { t } = useTranslation('community');
  // Captured here, inside the router: the toast renders outside it, where a <Link> would crash the app.
  const navigate = useNavigate();
  const share = useShareTree();
  const { data: hot } = useHotTags(30);
  const [values, setValues] = useState<ShareFormValues>(() => ({
    title: existing?.title ?? tree.title,
    description: existing?.description ?? tree.description,
    tags: (existing?.tags ?? tree.tags).slice(0, 10),
  }));
  const { title, description, tags } = values;
  const [message, setMessage] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const cover = useCover(coverSource, title);

  const problems = validateShareForm(values);

  const submit = async () => {
    if (Object.keys(problems).length) {
      setShowProblems(true);
      return;
    }
    const finalTitle = title.trim();
    setPreparing(true);
    const coverUrl = await cover.forTitle(finalTitle);
    setPreparing(false);
    const changelog = message.trim();
    share.mutate(
      {
        tree: tree.id,
        title: finalTitle,
        description,
        tags: cleanTags(tags),
        cover: coverUrl,
        ...(changelog ? { message: changelog } : {}),
      },
      {
        onSuccess: (result) => {
          const id = `share-${result.uuid}`;
          notifications.show({
            id,
            // A re-share of a tree unchanged since the last revision records none: the toast says so.
            color: result.unchanged ? 'yellow' : 'teal',
            title: t('share.done'),
            autoClose: result.unchanged ? 10_000 : undefined,
            message: (
              <Stack gap={4} align="flex-start">
                {result.unchanged ? (
                  <Text size="sm" data-testid="share-unchanged">
                    {t('share.unchanged')}
                  </Text>
                ) : null}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    notifications.hide(id);
                    void navigate(`/community/${result.uuid}`);
                  }}
                >
                  {t('share.open')}
                </Anchor>
              </Stack>
            ),
          });
          onClose();
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('share.explain')}
        </Text>
        {existing && (
          <Alert color="blue" variant="light" p="xs">
            <Text size="sm">{t('share.reshare')}</Text>
          </Alert>
        )}
        <ShareFields
          values={values}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
          showProblems={showProblems}
          error={share.error}
          suggestions={(hot ?? []).map((h) => h.tag)}
          tagsHint={t('share.tagsHint')}
          autoFocus
        />
        <TextInput
          label={t('share.message')}
          description={t('share.messageHint')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          maxLength={MESSAGE_LIMIT}
          error={share.error instanceof ApiError ? share.error.fields.message?.[0] : undefined}
          data-testid="share-message"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('share.cover')}
          </Text>
          {cover.drawing ? (
            <Skeleton h={160} />
          ) : cover.preview ? (
            <Image
              src={cover.preview}
              alt={t('share.coverAlt')}
              h={160}
              fit="contain"
              radius="sm"
              bd="1px solid var(--mantine-color-default-border)"
              data-testid="share-cover-preview"
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('share.noCover')}
            </Text>
          )}
        </Stack>
        {share.error && !(share.error instanceof ApiError && Object.keys(share.error.fields).length) && (
          <Text c="red" size="sm" role="alert">
            {share.error.message}
          </Text>
        )}
        <DialogActions
          onCancel={onClose}
          submit={existing ? t('share.resubmit') : t('share.submit')}
          loading={share.isPending || preparing}
        />
      </Stack>
    </form>
  );
}

/**
 * The cover: drawn once when the form opens (the preview), and again at submit when the title was
 * changed in between, so the picture always carries the title the template is shared with.
 */
function useCover(source: ShareDialogProps['coverSource'], initialTitle: string) {
  const { t } = useTranslation('community');
  const [preview, setPreview] = useState<string | undefined>();
  const [drawing, setDrawing] = useState(source !== undefined);
  const drawn = useRef<{ title: string; url: string | undefined; doc: TreeDocument | undefined }>({
    title: initialTitle.trim(),
    url: undefined,
    doc: undefined,
  });
  const draw = async (title: string): Promise<string | undefined> => {
    if (!source) return undefined;
    try {
      const doc = drawn.current.doc ?? (await source());
      const url = await renderTreeCover(doc, {
        title,
        caption: t('share.coverCaption', { count: doc.nodes.length }),
      });
      drawn.current = { title, url, doc };
      return url;
    } catch {
      return undefined;
    }
  };
  // One picture per opening; the caller's function may be new on every render (the editor re-renders
  // as the document changes), which must not draw it again.
  const first = useEffectEvent(() => draw(drawn.current.title));
  const hasSource = source !== undefined;
  useEffect(() => {
    if (!hasSource) return;
    let cancelled = false;
    void first().then((url) => {
      if (cancelled) return;
      setPreview(url);
      setDrawing(false);
    });
    return () => {
      cancelled = true;
    };
  }, [hasSource]);
  return {
    preview,
    drawing,
    /** the cover carrying `title`: the preview when it already does, else drawn anew */
    forTitle: async (title: string) =>
      drawn.current.url && drawn.current.title === title ? drawn.current.url : draw(title),
  };
}
