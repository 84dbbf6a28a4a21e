import { Menu } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTreeByUuid, type TreeCardExtensionContext } from '../../trees/index.ts';

const ShareDialog = lazy(() => import('./ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));

/**
 * "Share" in a tree card's menu on /trees. The dialog opens beside the card (the menu closes at the
 * first click in it); its cover is drawn from the tree's working copy, read when it opens.
 */
export function ShareMenuItem({ tree, openDialog }: TreeCardExtensionContext) {
  const { t } = useTranslation('community');
  return (
    <Menu.Item
      leftSection={<IconShare size={14} aria-hidden />}
      onClick={() =>
        openDialog((close) => (
          <Suspense fallback={null}>
            <ShareDialog
              opened
              onClose={close}
              tree={{ id: tree.id, title: tree.title, description: tree.description, tags: tree.tags }}
              coverSource={async () => (await fetchTreeByUuid(tree.uuid)).data}
            />
          </Suspense>
        ))
      }
    >
      {t('share.action')}
    </Menu.Item>
  );
}
