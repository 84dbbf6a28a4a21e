import type { CollectionItem, CollectionWithItems } from '@arbor/contract';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconEdit, IconFolderOpen, IconNote, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { authorPath, ShareCard } from '../../community/index.ts';
import { ErrorView } from '../../shell/index.ts';
import {
  useCollection,
  useDeleteCollection,
  useToggleItem,
  useUpdateCollection,
  useUpdateItem,
} from '../api/collections.ts';
import { stepPosition } from '../model/social.ts';
import { VisibilityBadge } from './CollectionList.tsx';
import { CollectionFormModal, FormError } from './CollectionForm.tsx';
import { EmptyState, isNotFound, LoadError } from './states.tsx';
import { mediumDate } from '../../../lib/medium-date.ts';

const NOTE_MAX = 1000;

function useFailure() {
  const { t } = useTranslation('social');
  return (error: unknown) =>
    notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : t('error') });
}

/** The note of an item in a dialog (owner). */
function NoteDialog({
  collection,
  item,
  onClose,
}: {
  collection: CollectionWithItems;
  item: CollectionItem;
  onClose: () => void;
}) {
  const { t } = useTranslation('social');
  const [note, setNote] = useState(item.note);
  const update = useUpdateItem(collection.uuid);
  return (
    <Modal opened onClose={onClose} title={t('collections.note.title', { title: item.share.title })} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate({ share: item.share.id, note }, { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('collections.note.label')}
            data-autofocus
            autosize
            minRows={3}
            maxRows={8}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          {update.error ? <FormError error={update.error} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Move up / down, edit the note, remove: the owner's tools on one item. */
function ItemTools({
  collection,
  item,
  index,
  onEditNote,
}: {
  collection: CollectionWithItems;
  item: CollectionItem;
  index: number;
  onEditNote: () => void;
}) {
  const { t } = useTranslation('social');
  const move = useUpdateItem(collection.uuid);
  const remove = useToggleItem();
  const fail = useFailure();
  const count = collection.items.length;
  const title = item.share.title;
  const tool = (label: string, icon: ReactNode, onClick: () => void, disabled = false, color?: string) => (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="default" aria-label={label} onClick={onClick} disabled={disabled} color={color}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const moveTo = (direction: 'up' | 'down') => {
    const position = stepPosition(index, direction, count);
    if (position !== null) move.mutate({ share: item.share.id, position }, { onError: fail });
  };
  return (
    <Group gap={6} justify="flex-end">
      {tool(
        t('collections.item.moveUp', { title }),
        <IconArrowUp size={16} aria-hidden />,
        () => moveTo('up'),
        index === 0 || move.isPending,
      )}
      {tool(
        t('collections.item.moveDown', { title }),
        <IconArrowDown size={16} aria-hidden />,
        () => moveTo('down'),
        index === count - 1 || move.isPending,
      )}
      {tool(t('collections.item.editNote', { title }), <IconNote size={16} aria-hidden />, onEditNote)}
      {tool(
        t('collections.item.remove', { title }),
        <IconX size={16} aria-hidden />,
        () =>
          remove.mutate({ collection: collection.uuid, share: String(item.share.id), add: false }, { onError: fail }),
        remove.isPending,
      )}
    </Group>
  );
}

/** The owner's actions on the collection, as `collection.abilities` allow: edit (title, description, visibility) and delete. */
function OwnerActions({ collection }: { collection: CollectionWithItems }) {
  const { t } = useTranslation('social');
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const update = useUpdateCollection(collection.uuid);
  const remove = useDeleteCollection(collection.uuid);
  const fail = useFailure();
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('collections.delete.title'),
      children: <Text size="sm">{t('collections.delete.body', { title: collection.title })}</Text>,
      labels: { confirm: t('collections.delete.confirm'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('collections.delete.done') });
            void navigate('/profile#collections');
          },
          onError: fail,
        }),
    });
  return (
    <>
      {collection.abilities.update && (
        <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)}>
          {t('collections.edit')}
        </Button>
      )}
      {collection.abilities.delete && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={remove.isPending}
          onClick={confirmDelete}
        >
          {t('collections.delete.button')}
        </Button>
      )}
      <CollectionFormModal
        opened={editing}
        title={t('collections.editTitle')}
        initial={collection}
        submitLabel={t('save')}
        pending={update.isPending}
        error={update.error}
        onSubmit={(body) => update.mutate(body, { onSuccess: () => setEditing(false) })}
        onCancel={() => {
          update.reset();
          setEditing(false);
        }}
      />
    </>
  );
}

/** `/collections/:uuid`: a collection's templates with their notes; its owner edits, orders and prunes it. */
export function CollectionView({ uuid }: { uuid: string }) {
  const { t, i18n } = useTranslation('social');
  const { data: collection, isLoading, isError, error, refetch } = useCollection(uuid);
  const [noteOf, setNoteOf] = useState<CollectionItem | null>(null);
  if (isLoading) {
    return (
      <Stack>
        <Skeleton h={32} w="50%" />
        <Skeleton h={18} w="30%" />
        <Skeleton h={260} />
      </Stack>
    );
  }
  if (isNotFound(error)) return <ErrorView status={404} message={t('collections.notFound')} />;
  if (isError || !collection) return <LoadError onRetry={() => void refetch()} />;
  const may = collection.abilities;
  const updated = mediumDate(collection.updated_at, i18n.language);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} flex="1 1 320px" miw={0}>
          <Group gap="sm">
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {collection.title}
            </Title>
            <VisibilityBadge visibility={collection.visibility} />
          </Group>
          <Group gap="xs">
            <Avatar src={collection.owner.avatar_url} size={24} radius="xl" alt="" />
            <Anchor component={Link} to={authorPath(collection.owner.username)} size="sm">
              {collection.owner.username}
            </Anchor>
            <Text size="sm" c="dimmed">
              · {t('collections.itemsCount', { count: collection.items_count })} ·{' '}
              {t('collections.updated', { date: updated })}
            </Text>
          </Group>
          {collection.description && (
            <Text mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {collection.description}
            </Text>
          )}
        </Stack>
        {(may.update || may.delete) && (
          <Group gap="xs">
            <OwnerActions collection={collection} />
          </Group>
        )}
      </Group>
      {collection.items.length === 0 ? (
        <EmptyState icon={<IconFolderOpen />} title={t('collections.emptyTitle')}>
          <Text size="sm" c="dimmed">
            {may.manage_items ? t('collections.emptyOwnerHint') : t('collections.emptyHint')}
          </Text>
          {may.manage_items && (
            <Button component={Link} to="/community" variant="light">
              {t('collections.browse')}
            </Button>
          )}
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" component="ol" p={0} m={0}>
          {collection.items.map((item, index) => (
            <Stack key={item.share.id} gap={6} component="li" style={{ listStyle: 'none' }}>
              {/* its natural height: a note below must not squeeze the card */}
              <div>
                <ShareCard share={item.share} />
              </div>
              {item.note && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {item.note}
                </Text>
              )}
              {may.manage_items && (
                <ItemTools collection={collection} item={item} index={index} onEditNote={() => setNoteOf(item)} />
              )}
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {noteOf && <NoteDialog collection={collection} item={noteOf} onClose={() => setNoteOf(null)} />}
    </Stack>
  );
}
