import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShareOfTree } from '../api/share-of-tree.ts';

/**
 * The way from a shared tree's editor to its template page (issue 27): a button in the toolbar, an
 * item in the phone's "more" menu; nothing while the tree has never been shared.
 */
export function TemplateLink({ treeId, variant }: { treeId: number; variant: 'toolbar' | 'menu' }) {
  const { t } = useTranslation('community');
  const share = useShareOfTree(treeId).data;
  if (!share) return null;
  const to = `/community/${share.uuid}`;
  if (variant === 'menu')
    return (
      <Menu.Item component={Link} to={to} leftSection={<IconWorld size={16} aria-hidden />} data-testid="template-link">
        {t('share.open')}
      </Menu.Item>
    );
  return (
    <Tooltip label={t('share.open')}>
      <ActionIcon
        component={Link}
        to={to}
        variant="light"
        size="lg"
        aria-label={t('share.open')}
        data-testid="template-link"
      >
        <IconWorld size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
