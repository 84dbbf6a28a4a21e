import { Group, Skeleton, Stack } from '@mantine/core';

/** What the editor looks like while its tree loads: toolbar and a few node placeholders. */
export function EditorSkeleton() {
  return (
    <Stack gap={0} h="calc(100dvh - var(--arbor-header-height, 60px))" data-testid="editor-loading">
      <Group
        px="md"
        py="sm"
        justify="space-between"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Skeleton h={24} w={220} radius="sm" />
        <Group gap="xs">
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={32} w={i === 4 ? 120 : 36} radius="sm" />
          ))}
        </Group>
      </Group>
      <Stack align="center" justify="center" style={{ flex: 1 }} gap={60}>
        <Skeleton h={64} w={220} radius={14} />
        <Group gap={40}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={64} w={220} radius={14} />
          ))}
        </Group>
      </Stack>
    </Stack>
  );
}
