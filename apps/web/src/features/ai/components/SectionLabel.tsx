import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The small uppercase heading the node panel uses for its sections, so AI looks like part of it. */
export function SectionLabel({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
      {children}
    </Text>
  );
}
