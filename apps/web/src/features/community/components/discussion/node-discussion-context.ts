import { createContext } from 'react';

/**
 * What the template page gives the canvas's comment badges: comments per node, and opening the
 * Discussion tab on one node. Outside that page there is none, and no badge is drawn.
 */
export interface NodeDiscussion {
  counts: Readonly<Record<string, number>>;
  open: (nodeId: string) => void;
}

export const NodeDiscussionContext = createContext<NodeDiscussion | null>(null);
