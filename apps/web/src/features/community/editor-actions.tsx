// The community's editor actions, loaded with the editor (never with the app's first bundle): "Share"
// and the way to the tree's template page, in the toolbar, the phone's More menu and the palette.
import { IconShare, IconWorld } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { EditorAction, EditorActionContext } from '../trees/index.ts';
import { useShareOfTree } from './api/share-of-tree.ts';

const ShareDialog = lazy(() => import('./components/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));

const mayShare = (ctx: EditorActionContext) => ctx.tree.abilities.share;

/** Saves pending edits first, then shares the snapshot with a cover drawn from it. */
async function share(ctx: EditorActionContext) {
  await ctx.flushSave();
  const { tree, doc } = ctx;
  ctx.chrome.openDialog((close) => (
    <Suspense fallback={null}>
      <ShareDialog
        opened
        onClose={close}
        tree={{ id: tree.id, title: tree.title, description: tree.description, tags: tree.tags }}
        coverSource={() => Promise.resolve(doc)}
      />
    </Suspense>
  ));
}

export const communityEditorActions: readonly EditorAction[] = [
  {
    id: 'open-template',
    labelKey: 'community:share.open',
    icon: IconWorld,
    place: { group: 'share', order: 0, bar: 'wide' },
    testIds: { bar: 'template-link', menu: 'template-link' },
    allowedReadOnly: true,
    visible: mayShare,
    // Nothing while the tree has never been shared (issue 27).
    useBinding: (ctx) => {
      const found = useShareOfTree(ctx.tree.id, ctx.tree.abilities.share).data;
      return found ? { href: `/community/${found.uuid}` } : { hidden: true };
    },
    run: () => {},
  },
  {
    id: 'share',
    labelKey: 'community:share.action',
    icon: IconShare,
    place: { group: 'share', order: 1, bar: 'wide' },
    look: 'accent',
    testIds: { bar: 'share-open', menu: 'more-share' },
    allowedReadOnly: true,
    visible: mayShare,
    run: (ctx) => void share(ctx),
  },
];
