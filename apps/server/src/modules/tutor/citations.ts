import type { TutorCitation } from '@arbor/contract';

const CITATION = /\[\[node:([^\]\s]{1,128})\]\]/g;

/** An answer's text with the citations of nodes in the document. */
export interface TutorReply {
  content: string;
  citations: TutorCitation[];
}

/**
 * The model cites nodes as `[[node:<id>]]`. Citations of nodes in the document become `citations`
 * (each once, in order of first mention) and stay in the text for the client to draw; any other id
 * (invented, or of a node since removed) is dropped from both.
 */
export function resolveCitations(text: string, titleOf: (nodeId: string) => string | undefined): TutorReply {
  const citations = new Map<string, TutorCitation>();
  const content = text.replace(CITATION, (marker, nodeId: string) => {
    const title = titleOf(nodeId);
    if (title === undefined) return '';
    if (!citations.has(nodeId)) citations.set(nodeId, { node_id: nodeId, title });
    return marker;
  });
  return {
    content: content
      .replace(/[ \t]+\n/g, '\n')
      .replace(/ {2,}/g, ' ')
      .trim(),
    citations: [...citations.values()],
  };
}
