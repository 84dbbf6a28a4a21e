import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ProfileSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
  /** the danger zone gets a red frame */
  danger?: boolean;
  id?: string;
}

/** One card of the profile page, labelled by its heading for screen-reader landmarks. */
export function ProfileSection({ title, description, children, danger, id }: ProfileSectionProps) {
  const headingId = `${id ?? title}-heading`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      id={id}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      style={danger ? { borderColor: 'var(--mantine-color-red-outline)' } : undefined}
    >
      <Stack gap={4} mb="lg">
        <Title
          order={2}
          fz="lg"
          id={headingId}
          // Darker red in light mode: the filled shade misses the 4.5:1 text contrast on white.
          style={danger ? { color: 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))' } : undefined}
        >
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Paper>
  );
}
