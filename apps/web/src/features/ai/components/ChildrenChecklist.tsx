import type { SuggestedChild } from '@arbor/contract';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Suggested children with a checkbox each (all checked at first); only the checked ones are added. */
export function ChildrenChecklist({
  items,
  onAdd,
  onDiscard,
}: {
  items: SuggestedChild[];
  onAdd: (chosen: SuggestedChild[]) => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('ai');
  const [checked, setChecked] = useState(() => new Set(items.map((_, i) => i)));
  const toggle = (i: number) =>
    setChecked((old) => {
      const next = new Set(old);
      if (!next.delete(i)) next.add(i);
      return next;
    });
  if (!items.length)
    return (
      <Text size="sm" c="dimmed">
        {t('node.noSuggestions')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="ai-children">
      {items.map((child, i) => (
        <Checkbox
          key={i}
          checked={checked.has(i)}
          onChange={() => toggle(i)}
          data-testid="ai-child-option"
          label={child.title}
          description={child.summary || undefined}
          styles={{ description: { lineClamp: 2 } }}
        />
      ))}
      <Group gap="xs">
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={checked.size === 0}
          data-testid="ai-add-children"
          onClick={() => onAdd(items.filter((_, i) => checked.has(i)))}
        >
          {t('node.addChildren', { count: checked.size })}
        </Button>
        <Button size="xs" variant="default" onClick={onDiscard}>
          {t('node.discard')}
        </Button>
      </Group>
    </Stack>
  );
}
