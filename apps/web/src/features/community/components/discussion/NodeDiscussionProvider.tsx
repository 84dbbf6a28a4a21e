import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useFirstContentShown } from '../../../../lib/first-content.ts';
import { useNodeCommentCounts } from '../../api/comments.ts';
import { NodeDiscussionContext, type NodeDiscussion } from './node-discussion-context.ts';

interface NodeDiscussionProviderProps {
  share: string;
  /** opens the Discussion tab on one node */
  onOpen: (nodeId: string) => void;
  children: ReactNode;
}

/**
 * The canvas's discussion badges: the template's comment counts per node, asked for once the page is on
 * screen. The counts' arrival re-renders this provider and the badges, not the page around them, and in a
 * deferred render: the query's update itself is synchronous, and it would hydrate the canvas the server drew
 * (still waiting for its code) synchronously, in one long task, to show the badges.
 */
export function NodeDiscussionProvider({ share, onOpen, children }: NodeDiscussionProviderProps) {
  const counts = useDeferredValue(useNodeCommentCounts(share, useFirstContentShown()).data);
  const discussion = useMemo<NodeDiscussion | null>(() => (counts ? { counts, open: onOpen } : null), [counts, onOpen]);
  return <NodeDiscussionContext.Provider value={discussion}>{children}</NodeDiscussionContext.Provider>;
}
