import type { AiConfig, AiModel, AiModelCreate, AiModelKind } from '@arbor/contract';
import { Group, NumberInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAiResource } from './api.ts';
import { FormModal } from './FormModal.tsx';
import { useDraft } from './useDraft.ts';

/** Create or edit a model: which provider, the upstream id, kind and generation settings. */
export function ModelForm({
  item,
  providers,
  onClose,
}: {
  item: AiModel | null;
  providers: AiConfig[];
  onClose: () => void;
}) {
  const { t } = useTranslation('ai');
  const save = useSaveAiResource<AiModel, AiModelCreate>('deepseek-models');
  const defaultConfig = providers.find((p) => p.is_active)?.id ?? providers[0]?.id ?? null;
  const { values, set, errors, absorb } = useDraft({
    config: item?.config ?? defaultConfig,
    name: item?.name ?? '',
    display_name: item?.display_name ?? '',
    kind: item?.kind ?? ('chat' as AiModelKind),
    max_tokens: item?.max_tokens ?? null,
    temperature: item?.temperature ?? null,
    is_default: item?.is_default ?? false,
    is_active: item?.is_active ?? true,
  });
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (values.config === null) return setError(t('models.needProvider'));
    save.mutate(
      { id: item?.id, body: { ...values, config: values.config } },
      { onSuccess: onClose, onError: (e) => setError(absorb(e)) },
    );
  };
  // An emptied number field means "the provider's default", which the API spells null.
  const numberOrNull = (v: string | number) => (typeof v === 'number' ? v : null);

  return (
    <FormModal
      opened
      title={t(item ? 'models.edit' : 'models.create')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={error}
      testId="model-form"
    >
      <Select
        label={t('models.provider')}
        required
        allowDeselect={false}
        value={values.config === null ? null : String(values.config)}
        error={errors.config}
        data={providers.map((p) => ({ value: String(p.id), label: p.name }))}
        onChange={(v) => set('config', v ? Number(v) : null)}
        data-testid="model-provider"
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('models.name')}
          description={t('models.nameHint')}
          required
          value={values.name}
          error={errors.name}
          maxLength={200}
          onChange={(e) => set('name', e.currentTarget.value)}
          data-testid="model-name"
        />
        <TextInput
          label={t('models.displayName')}
          description={t('models.displayNameHint')}
          value={values.display_name}
          error={errors.display_name}
          maxLength={200}
          onChange={(e) => set('display_name', e.currentTarget.value)}
          data-testid="model-display-name"
        />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('models.kind')}
        </Text>
        <SegmentedControl
          value={values.kind}
          onChange={(v) => set('kind', v as AiModelKind)}
          data-testid="model-kind"
          data={[
            { value: 'chat', label: t('models.kindChat') },
            { value: 'image', label: t('models.kindImage') },
          ]}
        />
      </Stack>
      <Group grow align="flex-start">
        <NumberInput
          label={t('models.maxTokens')}
          placeholder={t('models.providerDefault')}
          min={1}
          max={200_000}
          allowDecimal={false}
          value={values.max_tokens ?? ''}
          error={errors.max_tokens}
          onChange={(v) => set('max_tokens', numberOrNull(v))}
        />
        <NumberInput
          label={t('models.temperature')}
          placeholder={t('models.providerDefault')}
          min={0}
          max={2}
          step={0.1}
          decimalScale={2}
          value={values.temperature ?? ''}
          error={errors.temperature}
          onChange={(v) => set('temperature', numberOrNull(v))}
        />
      </Group>
      <Switch
        label={t('models.defaultHint')}
        checked={values.is_default}
        onChange={(e) => set('is_default', e.currentTarget.checked)}
        data-testid="model-default"
      />
      <Switch
        label={t('models.activeHint')}
        checked={values.is_active}
        onChange={(e) => set('is_active', e.currentTarget.checked)}
      />
    </FormModal>
  );
}
