import { ActionIcon, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconEdit, IconExternalLink, IconHistory, IconSitemap, IconTrash } from '@tabler/icons-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Tree } from '../../api/types.ts';
import { useTreesExtensions, type TreeCardExtensionContext } from '../../extensions.ts';
import classes from './TreeList.module.css';

interface TreeCardProps {
  tree: Tree;
  layout: 'grid' | 'list';
  onRename: (tree: Tree) => void;
  onDelete: (tree: Tree) => void;
}

const VISIBILITY_COLOR = { private: 'gray', unlisted: 'yellow', public: 'teal' } as const;

/** One of my trees: opens on click; rename, delete and extension actions in its menu. */
export function TreeCard({ tree, layout, onRename, onDelete }: TreeCardProps) {
  const { t, i18n } = useTranslation('trees');
  const extensions = useTreesExtensions();
  // A dialog opened from an extension's menu item lives here, beside the card, so it outlives the menu.
  const [dialog, setDialog] = useState<{ render: (close: () => void) => ReactNode } | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const openDialog: TreeCardExtensionContext['openDialog'] = useCallback((render) => setDialog({ render }), []);
  const updated = new Date(tree.updated_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const menu = (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('list.actions', { title: tree.title })}
          onClick={(e) => e.preventDefault()}
          className={classes.menuButton}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        <Menu.Item component={Link} to={`/trees/${tree.uuid}`} leftSection={<IconExternalLink size={16} />}>
          {t('list.open')}
        </Menu.Item>
        <Menu.Item component={Link} to={`/trees/${tree.uuid}/versions`} leftSection={<IconHistory size={16} />}>
          {t('toolbar.versions')}
        </Menu.Item>
        {tree.abilities.update && (
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onRename(tree)}>
            {t('list.rename')}
          </Menu.Item>
        )}
        {extensions.map((ext) =>
          ext.treeCardMenu ? <span key={ext.id}>{ext.treeCardMenu({ tree, openDialog })}</span> : null,
        )}
        {tree.abilities.delete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(tree)}>
              {t('list.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <>
      <Card
        withBorder
        radius="lg"
        padding={layout === 'grid' ? 'lg' : 'sm'}
        className={classes.card}
        data-layout={layout}
        data-testid="tree-card"
      >
        <Link to={`/trees/${tree.uuid}`} className={classes.cardLink} aria-label={tree.title} />
        <Group wrap="nowrap" align={layout === 'grid' ? 'flex-start' : 'center'} gap="md">
          <div className={classes.cardIcon} aria-hidden>
            <IconSitemap size={22} />
          </div>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} truncate>
              {tree.title}
            </Text>
            {layout === 'grid' && tree.description ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {tree.description}
              </Text>
            ) : null}
            <Group gap={8}>
              {/* One text, so a narrow card wraps it after the dot instead of leaving the dot alone. */}
              <Text size="xs" c="dimmed">
                {t('list.nodes', { count: tree.node_count })} · {t('list.updated', { date: updated })}
              </Text>
              <Badge size="xs" variant="light" color={VISIBILITY_COLOR[tree.visibility]}>
                {t(`visibility.${tree.visibility}`)}
              </Badge>
            </Group>
          </Stack>
          {menu}
        </Group>
      </Card>
      {dialog?.render(closeDialog)}
    </>
  );
}
