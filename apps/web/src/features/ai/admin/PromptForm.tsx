import type { AiPrompt, AiPromptCreate, Locale } from '@arbor/contract';
import { Badge, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../../lib/i18n.ts';
import { useSaveAiResource } from './api.ts';
import { FormModal } from './FormModal.tsx';
import { fillTemplate, SAMPLE_VALUES, templateVariables } from './template.ts';
import { useDraft } from './useDraft.ts';

/** Monospace for what is typed, not for the label. */
const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Sample values for the preview, one input per variable the template uses. */
function PreviewValues({
  names,
  values,
  onChange,
}: {
  names: string[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      {names.map((name) => (
        <TextInput
          key={name}
          size="xs"
          label={`{{${name}}}`}
          value={values[name] ?? ''}
          onChange={(e) => onChange(name, e.currentTarget.value)}
        />
      ))}
    </SimpleGrid>
  );
}

/** Edit a prompt: the template's variables are read from it, and a preview fills them with samples as you type. */
export function PromptForm({ item, onClose }: { item: AiPrompt | null; onClose: () => void }) {
  const { t } = useTranslation('ai');
  const save = useSaveAiResource<AiPrompt, AiPromptCreate>('prompts');
  const { values, set, errors, absorb } = useDraft({
    key: item?.key ?? '',
    language: item?.language ?? ('en-US' as Locale),
    name: item?.name ?? '',
    description: item?.description ?? '',
    system: item?.system ?? '',
    template: item?.template ?? '',
    is_active: item?.is_active ?? true,
  });
  const [error, setError] = useState<string | null>(null);
  const variables = useMemo(() => templateVariables(values.template), [values.template]);
  const [samples, setSamples] = useState<Record<string, string>>(SAMPLE_VALUES);
  const filled = (text: string) => fillTemplate(text, Object.fromEntries(variables.map((v) => [v, samples[v] ?? v])));

  const submit = () =>
    save.mutate(
      { id: item?.id, body: { ...values, variables } },
      { onSuccess: onClose, onError: (e) => setError(absorb(e)) },
    );

  return (
    <FormModal
      opened
      size="xl"
      title={t(item ? 'prompts.edit' : 'prompts.create')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={error}
      testId="prompt-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('prompts.key')}
          required
          value={values.key}
          error={errors.key}
          maxLength={64}
          styles={MONO}
          onChange={(e) => set('key', e.currentTarget.value)}
        />
        <Select
          label={t('prompts.language')}
          allowDeselect={false}
          value={values.language}
          data={[...LOCALES]}
          error={errors.language}
          onChange={(v) => v && set('language', v as Locale)}
        />
        <TextInput
          label={t('prompts.name')}
          required
          value={values.name}
          error={errors.name}
          maxLength={200}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
      </SimpleGrid>
      <TextInput
        label={t('prompts.description')}
        value={values.description}
        error={errors.description}
        maxLength={2000}
        onChange={(e) => set('description', e.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="sm">
          <Textarea
            label={t('prompts.system')}
            autosize
            minRows={3}
            maxRows={8}
            value={values.system}
            error={errors.system}
            styles={MONO}
            onChange={(e) => set('system', e.currentTarget.value)}
          />
          <Textarea
            label={t('prompts.template')}
            description={t('prompts.templateHint', { example: '{{title}}' })}
            required
            autosize
            minRows={6}
            maxRows={14}
            value={values.template}
            error={errors.template}
            styles={MONO}
            onChange={(e) => set('template', e.currentTarget.value)}
            data-testid="prompt-template"
          />
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              {t('prompts.variables')}:
            </Text>
            {variables.length ? (
              variables.map((v) => (
                <Badge key={v} size="sm" variant="light" tt="none">
                  {v}
                </Badge>
              ))
            ) : (
              <Text size="xs" c="dimmed">
                —
              </Text>
            )}
          </Group>
        </Stack>
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {t('prompts.preview')}
          </Text>
          {variables.length ? (
            <PreviewValues
              names={variables}
              values={samples}
              onChange={(n, v) => setSamples((s) => ({ ...s, [n]: v }))}
            />
          ) : null}
          <Paper withBorder p="sm" radius="sm" data-testid="prompt-preview">
            {values.system ? (
              <Text size="xs" c="dimmed" mb={6} style={{ whiteSpace: 'pre-wrap' }}>
                {filled(values.system)}
              </Text>
            ) : null}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {filled(values.template) || '—'}
            </Text>
          </Paper>
        </Stack>
      </SimpleGrid>
      <Switch
        label={t('prompts.activeHint')}
        checked={values.is_active}
        onChange={(e) => set('is_active', e.currentTarget.checked)}
      />
    </FormModal>
  );
}
