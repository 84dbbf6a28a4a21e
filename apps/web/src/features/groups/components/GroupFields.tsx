import type { GroupKind } from '@arbor/contract';
import { SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_KIND_OPTIONS } from './group-paths.ts';

export interface GroupDraft {
  name: string;
  kind: GroupKind;
  description: string;
}

/** A group's name, kind and description: the "New group" dialog and Settings. */
export function GroupFields({
  value,
  onChange,
}: {
  value: GroupDraft;
  onChange: (patch: Partial<GroupDraft>) => void;
}) {
  const { t } = useTranslation('groups');
  const kindLabel = useId();
  return (
    <>
      <TextInput
        label={t('fields.name')}
        value={value.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
        maxLength={100}
        required
        data-autofocus
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={kindLabel}>
          {t('fields.kind')}
        </Text>
        <SegmentedControl
          aria-labelledby={kindLabel}
          value={value.kind}
          onChange={(kind) => onChange({ kind: kind as GroupKind })}
          data={GROUP_KIND_OPTIONS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          fullWidth
        />
      </Stack>
      <Textarea
        label={t('fields.description')}
        value={value.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
        maxLength={1000}
        autosize
        minRows={2}
      />
    </>
  );
}

/** What the server said when a form's request failed, announced. */
export function FormError({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Text size="sm" role="alert" style={{ color: 'var(--mantine-color-red-text)' }}>
      {error.message}
    </Text>
  );
}
