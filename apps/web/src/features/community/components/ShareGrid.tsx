import type { Share } from '@arbor/contract';
import { Card, SimpleGrid, Skeleton } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useHoldFirstContent } from '../../../lib/first-content.ts';
import { ShareCard } from './ShareCard.tsx';

const COLUMNS = { base: 1, xs: 2, md: 3, lg: 4 };

/** Cards in a responsive grid, or skeletons of the same size while loading. */
export function ShareGrid({
  shares: latest,
  loading,
  skeletons = 8,
}: {
  shares: Share[] | undefined;
  loading: boolean;
  skeletons?: number;
}) {
  // Query answers arrive as synchronous updates; deferring them lets React draw the cards in short,
  // interruptible tasks instead of one long one that blocks input.
  const shares = useDeferredValue(latest);
  useHoldFirstContent(Boolean(shares) || (!loading && !latest));
  if ((loading || latest) && !shares) {
    return (
      <SimpleGrid cols={COLUMNS} spacing="md" aria-busy="true">
        {Array.from({ length: skeletons }, (_, i) => (
          <Card key={i} withBorder radius="md" padding="sm">
            <Card.Section>
              <Skeleton h={150} radius={0} />
            </Card.Section>
            <Skeleton h={16} mt="sm" w="70%" />
            <Skeleton h={12} mt="xs" />
            <Skeleton h={12} mt={6} w="50%" />
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={COLUMNS} spacing="md">
      {(shares ?? []).map((share) => (
        <ShareCard key={share.id} share={share} />
      ))}
    </SimpleGrid>
  );
}
