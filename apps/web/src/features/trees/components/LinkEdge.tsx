import { BaseEdge, type Edge, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import type { LinkEdgeData } from '../layout/flow-elements.ts';
import { linkRoute, routePath } from '../layout/link-route.ts';

/** A prerequisite or related link, bent through the gaps between cards (layout/link-route.ts). */
export const LinkEdge = memo(function LinkEdge({
  sourceX,
  sourceY,
  targetX,
  targetY,
  data,
  style,
  markerEnd,
  interactionWidth,
}: EdgeProps<Edge<LinkEdgeData, 'link'>>) {
  const route = linkRoute(
    data?.direction ?? 'TB',
    { x: sourceX, y: sourceY },
    { x: targetX, y: targetY },
    data?.lane ?? null,
  );
  return <BaseEdge path={routePath(route)} style={style} markerEnd={markerEnd} interactionWidth={interactionWidth} />;
});
