import { Menu } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTreeByUuid, type EditorExtensionContext } from '../../trees/index.ts';

const ShareDialog = lazy(() => import('./ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));

/** "Share" in a tree card's menu on /trees: the cover is drawn from the tree's working copy, read when the dialog opens. */
export function ShareMenuItem({ tree }: { tree: EditorExtensionContext['tree'] }) {
  const { t } = useTranslation('community');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Menu.Item
        leftSection={<IconShare size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        closeMenuOnClick={false}
      >
        {t('share.action')}
      </Menu.Item>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog
            opened={open}
            onClose={() => setOpen(false)}
            tree={{ id: tree.id, title: tree.title, description: tree.description, tags: tree.tags }}
            coverSource={async () => (await fetchTreeByUuid(tree.uuid)).data}
          />
        </Suspense>
      )}
    </>
  );
}
