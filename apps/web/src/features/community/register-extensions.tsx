import { lazy, Suspense, useContext } from 'react';
import { registerTreesExtension, type EditorExtensionContext, type NodeBadgeContext } from '../trees/index.ts';
import { NodeDiscussionContext } from './components/discussion/node-discussion-context.ts';

const CommentBadge = lazy(() =>
  import('./components/discussion/CommentBadge.tsx').then((m) => ({ default: m.CommentBadge })),
);
// Only forks whose template moved on load it (with its messages); other trees never do.
const UpstreamBanner = lazy(() =>
  import('./components/upstream/UpstreamBanner.tsx').then((m) => ({ default: m.UpstreamBanner })),
);
// Only the trees list shows it, inside a menu: its own chunk keeps Mantine's Menu out of the first bundle.
const ShareMenuItem = lazy(() => import('./components/ShareMenuItem.tsx').then((m) => ({ default: m.ShareMenuItem })));

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
 * Registers "Share" among the editor's actions (a chunk of its own) and in the trees list's card menu, the comment badges of
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
    editorActions: () => import('./editor-actions.tsx').then((m) => m.communityEditorActions),
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
