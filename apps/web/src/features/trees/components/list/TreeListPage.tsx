import {
  Alert,
  Button,
  Group,
  Menu,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '../../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import {
  IconChevronDown,
  IconFileText,
  IconJson,
  IconLayoutGrid,
  IconList,
  IconPlus,
  IconSearch,
  IconSitemap,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Tree, TreeOrdering } from '../../api/types.ts';
import { useDeleteTree } from '../../api/useDeleteTree.ts';
import { useTreeList } from '../../api/useTreeList.ts';
import { useTreesExtensions } from '../../extensions.ts';
import { CreateTreeDialog, type CreateMode } from './CreateTreeDialogs.tsx';
import { RenameTreeDialog } from './RenameTreeDialog.tsx';
import { TreeCard } from './TreeCard.tsx';
import classes from './TreeList.module.css';

const PAGE_SIZE = 24;
const VIEW_KEY = 'arbor.trees.view';

/** /trees: my trees with search, sort, grid or list, create (blank, Markdown, JSON), rename, delete. */
export function TreeListPage() {
  const { t } = useTranslation('trees');
  const extensions = useTreesExtensions();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [ordering, setOrdering] = useState<TreeOrdering>('-updated_at');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<'grid' | 'list'>(() =>
    localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid',
  );
  // `?new=blank` (the home page's "Create a skill tree") opens the create dialog at once.
  const [params, setParams] = useSearchParams();
  const [createMode, setCreateModeState] = useState<CreateMode | null>(() =>
    params.get('new') === 'blank' ? 'blank' : null,
  );
  const setCreateMode = (mode: CreateMode | null) => {
    setCreateModeState(mode);
    if (mode === null && params.has('new'))
      setParams(
        (current) => {
          current.delete('new');
          return current;
        },
        { replace: true },
      );
  };
  const [renaming, setRenaming] = useState<Tree | null>(null);
  const list = useTreeList({ search: debounced, ordering, page, pageSize: PAGE_SIZE });
  const remove = useDeleteTree();

  const confirmDelete = (tree: Tree) =>
    modals.openConfirmModal({
      title: t('list.deleteTitle'),
      children: <Text size="sm">{t('list.deleteBody', { title: tree.title })}</Text>,
      labels: { confirm: t('list.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(tree.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('list.deleted', { title: tree.title }) }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / PAGE_SIZE)) : 1;
  const cols = view === 'grid' ? { base: 1, sm: 2, lg: 3 } : { base: 1 };

  return (
    <Stack gap="lg" data-testid="trees-page">
      <Group justify="space-between" align="flex-end" className={classes.hero} wrap="wrap">
        <Stack gap={4}>
          <Title order={2}>{t('list.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('list.subtitle')}
          </Text>
        </Stack>
        <Menu position="bottom-end" shadow="md" width={260}>
          <Menu.Target>
            <Button
              leftSection={<IconPlus size={16} />}
              rightSection={<IconChevronDown size={14} />}
              data-testid="new-tree"
            >
              {t('list.new')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconSitemap size={16} />}
              onClick={() => setCreateMode('blank')}
              data-testid="new-blank"
            >
              {t('create.blank')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileText size={16} />}
              onClick={() => setCreateMode('markdown')}
              data-testid="new-markdown"
            >
              {t('create.markdown')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconJson size={16} />}
              onClick={() => setCreateMode('json')}
              data-testid="new-json"
            >
              {t('create.json')}
            </Menu.Item>
            {extensions.some((e) => e.createMenu) ? <Menu.Divider /> : null}
            {extensions.map((ext) => (ext.createMenu ? <span key={ext.id}>{ext.createMenu()}</span> : null))}
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Group gap="sm" wrap="wrap">
        <TextInput
          style={{ flex: 1, minWidth: 200 }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          value={search}
          onChange={(e) => (setSearch(e.currentTarget.value), setPage(1))}
        />
        <Select
          w={170}
          value={ordering}
          allowDeselect={false}
          aria-label={t('list.sort')}
          onChange={(v) => (setOrdering((v as TreeOrdering) ?? '-updated_at'), setPage(1))}
          data={[
            { value: '-updated_at', label: t('list.sortUpdated') },
            { value: '-created_at', label: t('list.sortCreated') },
            { value: 'title', label: t('list.sortTitle') },
          ]}
        />
        <SegmentedControl
          value={view}
          aria-label={t('list.view')}
          onChange={(v) => {
            const next = v as 'grid' | 'list';
            setView(next);
            localStorage.setItem(VIEW_KEY, next);
          }}
          data={[
            { value: 'grid', label: <IconLayoutGrid size={16} aria-label={t('list.grid')} /> },
            { value: 'list', label: <IconList size={16} aria-label={t('list.list')} /> },
          ]}
        />
      </Group>

      {list.isPending ? (
        <SimpleGrid cols={cols}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={view === 'grid' ? 110 : 64} radius="lg" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <Alert color="red" title={t('list.loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : list.data.results.length === 0 ? (
        <Stack align="center" py={60} gap="sm" data-testid="trees-empty">
          <IconSitemap size={48} color="var(--mantine-color-dimmed)" />
          <Title order={4}>{debounced ? t('list.noMatch') : t('list.empty')}</Title>
          {debounced ? null : (
            <Text c="dimmed" size="sm" ta="center" maw={420}>
              {t('list.emptyHint')}
            </Text>
          )}
          {debounced ? null : (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreateMode('blank')}>
              {t('create.blank')}
            </Button>
          )}
        </Stack>
      ) : (
        <SimpleGrid cols={cols} spacing={view === 'grid' ? 'md' : 'xs'}>
          {list.data.results.map((tree) => (
            <TreeCard key={tree.id} tree={tree} layout={view} onRename={setRenaming} onDelete={confirmDelete} />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 ? <Pagination value={page} onChange={setPage} total={pages} style={{ alignSelf: 'center' }} /> : null}
      <CreateTreeDialog mode={createMode} onClose={() => setCreateMode(null)} />
      <RenameTreeDialog tree={renaming} onClose={() => setRenaming(null)} />
    </Stack>
  );
}
