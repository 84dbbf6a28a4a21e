import type { AiConfig, AiConfigCreate } from '@arbor/contract';
import { NumberInput, PasswordInput, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAiResource } from './api.ts';
import { FormModal } from './FormModal.tsx';
import { useDraft } from './useDraft.ts';

/** Create or edit a provider. The key is write-only: empty on edit keeps the stored one. */
export function ProviderForm({ item, onClose }: { item: AiConfig | null; onClose: () => void }) {
  const { t } = useTranslation('ai');
  const save = useSaveAiResource<AiConfig, Partial<AiConfigCreate>>('deepseek-config');
  const { values, set, errors, absorb } = useDraft({
    name: item?.name ?? '',
    base_url: item?.base_url ?? 'https://api.deepseek.com/v1',
    api_key: '',
    timeout_s: item?.timeout_s ?? 60,
    is_active: item?.is_active ?? true,
  });
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const { api_key, ...rest } = values;
    // Sending an empty key would try to replace the stored one with nothing.
    const body = api_key.trim() ? { ...rest, api_key } : rest;
    save.mutate({ id: item?.id, body }, { onSuccess: onClose, onError: (e) => setError(absorb(e)) });
  };

  return (
    <FormModal
      opened
      title={t(item ? 'providers.edit' : 'providers.create')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={error}
      testId="provider-form"
    >
      <TextInput
        label={t('providers.name')}
        required
        value={values.name}
        error={errors.name}
        maxLength={100}
        onChange={(e) => set('name', e.currentTarget.value)}
        data-testid="provider-name"
      />
      <TextInput
        label={t('providers.baseUrl')}
        description={t('providers.baseUrlHint')}
        required
        value={values.base_url}
        error={errors.base_url}
        onChange={(e) => set('base_url', e.currentTarget.value)}
        data-testid="provider-base-url"
      />
      <PasswordInput
        label={t('providers.apiKey')}
        required={!item}
        autoComplete="off"
        value={values.api_key}
        error={errors.api_key}
        description={item ? t('providers.apiKeyKeep', { masked: item.api_key }) : t('providers.apiKeyHint')}
        onChange={(e) => set('api_key', e.currentTarget.value)}
        data-testid="provider-api-key"
      />
      <NumberInput
        label={t('providers.timeout')}
        min={1}
        max={600}
        allowDecimal={false}
        value={values.timeout_s}
        error={errors.timeout_s}
        suffix=" s"
        onChange={(v) => set('timeout_s', typeof v === 'number' ? v : 60)}
      />
      <Switch
        label={t('providers.activeHint')}
        checked={values.is_active}
        onChange={(e) => set('is_active', e.currentTarget.checked)}
      />
    </FormModal>
  );
}
