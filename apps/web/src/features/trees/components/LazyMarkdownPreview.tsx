import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';

const MarkdownPreview = lazy(() => import('./MarkdownPreview.tsx').then((m) => ({ default: m.MarkdownPreview })));

/**
 * `MarkdownPreview` loaded when a preview is first shown: the Markdown parser and sanitiser (~36 KB
 * gzipped) stay off the editor's first load, where the node panel usually opens in the writing mode.
 */
export function LazyMarkdownPreview({ source }: { source: string }) {
  return (
    <Suspense
      fallback={
        <Stack gap={6} aria-hidden>
          <Skeleton h={12} />
          <Skeleton h={12} w="80%" />
        </Stack>
      }
    >
      <MarkdownPreview source={source} />
    </Suspense>
  );
}
