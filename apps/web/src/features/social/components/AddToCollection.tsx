import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFolderPlus, IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { MENU_COLLECTIONS, useCreateCollection, useMyCollections, useToggleItem } from '../api/collections.ts';
import { TITLE_MAX } from './CollectionForm.tsx';
import { VisibilityBadge } from './CollectionList.tsx';
import { LoadError } from './states.tsx';

/** "New collection" inside the dialog: a title and public or not; the template goes into it at once. */
function NewCollection({ share }: { share: string }) {
  const { t } = useTranslation('social');
  const [title, setTitle] = useState('');
  const [isPublic, setPublic] = useState(false);
  const create = useCreateCollection();
  const add = useToggleItem();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    create.mutate(
      { title: title.trim(), visibility: isPublic ? 'public' : 'private' },
      {
        onSuccess: (created) =>
          add.mutate(
            { collection: created.uuid, share, add: true },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('addTo.added', { title: created.title }) });
                setTitle('');
              },
            },
          ),
      },
    );
  };
  const error = create.error ?? add.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            flex={1}
            label={t('addTo.newTitle')}
            placeholder={t('addTo.newPlaceholder')}
            maxLength={TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={error instanceof ApiError ? error.message : error ? t('error') : undefined}
          />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={create.isPending || add.isPending}
            disabled={!title.trim()}
          >
            {t('addTo.create')}
          </Button>
        </Group>
        <Switch
          label={t('collections.form.public')}
          checked={isPublic}
          onChange={(e) => setPublic(e.currentTarget.checked)}
        />
      </Stack>
    </form>
  );
}

/** My collections with a check on those holding the template; a click adds or removes it at once. */
function CollectionChecklist({ share }: { share: string }) {
  const { t } = useTranslation('social');
  const { data, isLoading, isError, refetch } = useMyCollections(1, { share, pageSize: MENU_COLLECTIONS });
  const toggle = useToggleItem();
  // what was just asked, shown until the refreshed list says the same
  const [asked, setAsked] = useState<Record<string, boolean>>({});
  if (isLoading) return <Skeleton h={90} />;
  if (isError || !data) return <LoadError onRetry={() => void refetch()} />;
  if (data.count === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('addTo.none')}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Stack gap="sm" role="group" aria-label={t('addTo.listLabel')}>
        {data.results.map((c) => {
          const checked = asked[c.uuid] ?? c.has_share ?? false;
          return (
            <Group key={c.id} justify="space-between" wrap="nowrap" gap="xs">
              <Checkbox
                label={c.title}
                checked={checked}
                disabled={toggle.isPending && toggle.variables?.collection === c.uuid}
                onChange={(e) => {
                  const add = e.currentTarget.checked;
                  setAsked((prev) => ({ ...prev, [c.uuid]: add }));
                  toggle.mutate(
                    { collection: c.uuid, share, add },
                    {
                      onError: (error) => {
                        setAsked(({ [c.uuid]: _dropped, ...rest }) => rest);
                        notifications.show({
                          color: 'red',
                          message: error instanceof ApiError ? error.message : t('error'),
                        });
                      },
                    },
                  );
                }}
              />
              <VisibilityBadge visibility={c.visibility} />
            </Group>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** "Add to collection" on a template page: opens the checklist of my collections with "New collection". */
export function AddToCollection({ share }: { share: string }) {
  const { t } = useTranslation('social');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFolderPlus size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
      >
        {t('addTo.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('addTo.title')} centered>
        {opened ? (
          <Stack gap="md">
            <CollectionChecklist share={share} />
            <Divider />
            <NewCollection share={share} />
            <Anchor component={Link} to="/profile#collections" size="sm">
              {t('addTo.manage')}
            </Anchor>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
