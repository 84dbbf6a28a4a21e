import { Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** A tab's one-line explanation and its "add" button. */
export function TabToolbar({
  hint,
  addLabel,
  onAdd,
  testId,
}: {
  hint: string;
  addLabel: string;
  onAdd: () => void;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" maw={560}>
        {hint}
      </Text>
      <Button size="sm" leftSection={<IconPlus size={16} />} onClick={onAdd} data-testid={testId}>
        {addLabel}
      </Button>
    </Group>
  );
}
