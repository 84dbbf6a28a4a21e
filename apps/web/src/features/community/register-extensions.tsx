import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTreesExtension, type EditorExtensionContext, type NodeBadgeContext } from '../trees/index.ts';
import { NodeDiscussionContext } from './components/discussion/node-discussion-context.ts';

// Loaded only when someone opens it, so the editor's first paint does not pay for it.
const ShareDialog = lazy(() => import('./components/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));
// Only the trees list shows it, inside a menu: its own chunk keeps Mantine's Menu out of the first bundle.
// The link to a shared tree's template page: lazy too, so its tooltip (Floating UI) stays out of the first bundle.
const TemplateLink = lazy(() => import('./components/TemplateLink.tsx').then((m) => ({ default: m.TemplateLink })));
const ShareEditorMenuItem = lazy(() =>
  import('./components/ShareEditorMenuItem.tsx').then((m) => ({ default: m.ShareEditorMenuItem })),
);
const CommentBadge = lazy(() =>
  import('./components/discussion/CommentBadge.tsx').then((m) => ({ default: m.CommentBadge })),
);
// Only forks whose template moved on load it (with its messages); other trees never do.
const UpstreamBanner = lazy(() =>
  import('./components/upstream/UpstreamBanner.tsx').then((m) => ({ default: m.UpstreamBanner })),
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
      <Suspense fallback={null}>
        <TemplateLink treeId={ctx.tree.id} variant="toolbar" />
      </Suspense>
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

/** A node's comment count on the template page's canvas (nothing elsewhere, or without comments). */
function CommentBadgeSlot({ node }: NodeBadgeContext) {
  const discussion = useContext(NodeDiscussionContext);
  const count = discussion?.counts[node.id] ?? 0;
  if (!discussion || count === 0) return null;
  return (
    <Suspense fallback={null}>
      <CommentBadge title={node.title} count={count} onOpen={() => discussion.open(node.id)} />
    </Suspense>
  );
}

/** "The template has N updates" on the owner's editor of a fork whose template has a newer revision. */
function UpstreamBannerSlot({ ctx }: { ctx: EditorExtensionContext }) {
  const upstream = ctx.tree.upstream;
  if (ctx.readOnly || !upstream?.behind || !upstream.available) return null;
  return (
    <Suspense fallback={null}>
      <UpstreamBanner key={`${upstream.share}:${upstream.latest_revision}`} ctx={ctx} upstream={upstream} />
    </Suspense>
  );
}

/**
 * Registers "Share" in the editor's toolbar and in the trees list's card menu, the comment badges of
 * template canvases, and the template-update banner of forks; app/ calls it once.
 */
export function registerCommunityExtensions(): () => void {
  const removeUpstream = registerTreesExtension({
    id: 'community-upstream',
    editorBanner: (ctx) => <UpstreamBannerSlot ctx={ctx} />,
  });
  const removeBadges = registerTreesExtension({
    id: 'community-comments',
    order: 30,
    nodeBadges: (ctx) => <CommentBadgeSlot {...ctx} />,
  });
  const removeShare = registerTreesExtension({
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
  return () => {
    removeUpstream();
    removeShare();
    removeBadges();
  };
}
