import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTreesExtension, type EditorExtensionContext } from '../trees/index.ts';

// Loaded only when someone opens it, so the editor's first paint does not pay for it.
const ShareDialog = lazy(() => import('./components/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));
// Only the trees list shows it, inside a menu: its own chunk keeps Mantine's Menu out of the first bundle.
const ShareEditorMenuItem = lazy(() =>
  import('./components/ShareEditorMenuItem.tsx').then((m) => ({ default: m.ShareEditorMenuItem })),
);
const ShareMenuItem = lazy(() => import('./components/ShareMenuItem.tsx').then((m) => ({ default: m.ShareMenuItem })));

/** "Share" in the editor's toolbar: saves pending edits first, then shares the snapshot with a cover drawn from it. */
function ShareButton({ ctx }: { ctx: EditorExtensionContext }) {
  const { t } = useTranslation('community');
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!ctx.tree.abilities.share) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconShare size={14} aria-hidden />}
        loading={saving}
        onClick={async () => {
          setSaving(true);
          await ctx.flushSave();
          setSaving(false);
          setOpen(true);
        }}
      >
        {t('share.action')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog
            opened={open}
            onClose={() => setOpen(false)}
            tree={{ id: ctx.tree.id, title: ctx.tree.title, description: ctx.tree.description, tags: ctx.tree.tags }}
            coverSource={() => Promise.resolve(ctx.doc)}
          />
        </Suspense>
      )}
    </>
  );
}

/** Registers "Share" in the editor's toolbar and in the trees list's card menu; app/ calls it once. */
export function registerCommunityExtensions(): () => void {
  return registerTreesExtension({
    id: 'community-share',
    order: 20,
    editorToolbar: (ctx) => <ShareButton ctx={ctx} />,
    editorMenu: (ctx) => (
      <Suspense fallback={null}>
        <ShareEditorMenuItem ctx={ctx} />
      </Suspense>
    ),
    treeCardMenu: ({ tree, openDialog }) =>
      tree.abilities.share ? (
        <Suspense fallback={null}>
          <ShareMenuItem tree={tree} openDialog={openDialog} />
        </Suspense>
      ) : null,
  });
}
