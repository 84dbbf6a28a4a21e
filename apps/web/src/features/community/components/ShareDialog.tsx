import { Anchor, Image, Modal, Skeleton, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { DialogActions } from '../../../lib/DialogActions.tsx';
import { useHotTags } from '../api/hot-tags.ts';
import { useShareTree } from '../api/share-actions.ts';

interface ShareDialogProps {
  opened: boolean;
  onClose: () => void;
  tree: { id: number; title: string; description: string; tags: string[] };
  /** Renders the canvas to a PNG/JPEG data URL for the cover; absent or failing → no cover. */
  captureCover?: () => Promise<string | undefined>;
}

/** Share a tree to the community: title, description, tags (hot tags suggested) and a cover of the canvas. */
export function ShareDialog({ opened, onClose, tree, captureCover }: ShareDialogProps) {
  const { t } = useTranslation('community');
  const share = useShareTree();
  const { data: hot } = useHotTags(30);
  const [title, setTitle] = useState(tree.title);
  const [description, setDescription] = useState(tree.description);
  const [tags, setTags] = useState(tree.tags.slice(0, 10));
  const [cover, setCover] = useState<string | undefined>();
  const [capturing, setCapturing] = useState(false);

  // One picture per opening. The caller's function may be new on every render (the editor re-renders
  // while it draws the picture), so it must not restart the capture: that looped forever.
  const capture = useEffectEvent(() => captureCover?.() ?? Promise.resolve(undefined));
  const canCapture = captureCover !== undefined;
  useEffect(() => {
    if (!opened || !canCapture) return;
    let cancelled = false;
    setCapturing(true);
    capture()
      .then((url) => !cancelled && setCover(url))
      .catch(() => !cancelled && setCover(undefined))
      .finally(() => !cancelled && setCapturing(false));
    return () => {
      cancelled = true;
    };
  }, [opened, canCapture]);

  const fields = share.error instanceof ApiError ? share.error.fields : {};
  const tagError = fields.tags?.[0] ?? Object.entries(fields).find(([k]) => k.startsWith('tags.'))?.[1]?.[0];
  return (
    <Modal opened={opened} onClose={onClose} title={t('share.dialogTitle')} centered size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          share.mutate(
            { tree: tree.id, title: title.trim(), description, tags, cover },
            {
              onSuccess: (result) => {
                notifications.show({
                  color: 'teal',
                  title: t('share.done'),
                  message: (
                    <Anchor component={Link} to={`/community/${result.uuid}`} onClick={onClose}>
                      {t('share.open')}
                    </Anchor>
                  ),
                });
                onClose();
              },
            },
          );
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('share.explain')}
          </Text>
          <TextInput
            label={t('share.title')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            required
            maxLength={200}
            error={fields.title?.[0]}
            data-autofocus
          />
          <Textarea
            label={t('share.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={2000}
            error={fields.description?.[0]}
          />
          <TagsInput
            label={t('share.tags')}
            description={t('share.tagsHint')}
            value={tags}
            onChange={setTags}
            maxTags={10}
            data={(hot ?? []).map((h) => h.tag)}
            error={tagError}
            clearable
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('share.cover')}
            </Text>
            {capturing ? (
              <Skeleton h={160} />
            ) : cover ? (
              <Image
                src={cover}
                alt={t('share.coverAlt')}
                h={160}
                fit="contain"
                radius="sm"
                bd="1px solid var(--mantine-color-default-border)"
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('share.noCover')}
              </Text>
            )}
          </Stack>
          {share.error && !Object.keys(fields).length && (
            <Text c="red" size="sm" role="alert">
              {share.error.message}
            </Text>
          )}
          <DialogActions onCancel={onClose} submit={t('share.submit')} loading={share.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
