import type { CollectionBody } from '@arbor/contract';
import { Button, Group, Modal, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 1000;

interface CollectionFormProps {
  initial?: Partial<CollectionBody>;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (body: CollectionBody) => void;
  onCancel: () => void;
}

/** Title, description and public/private of a collection (creating or editing one). */
function CollectionForm({ initial, submitLabel, pending, error, onSubmit, onCancel }: CollectionFormProps) {
  const { t } = useTranslation('social');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [isPublic, setPublic] = useState((initial?.visibility ?? 'public') === 'public');
  const fields = error instanceof ApiError && error.body.fields ? error.fields : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    onSubmit({ title: title.trim(), description, visibility: isPublic ? 'public' : 'private' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('collections.form.title')}
          required
          data-autofocus
          maxLength={TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={fields?.title?.[0]}
        />
        <Textarea
          label={t('collections.form.description')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={fields?.description?.[0]}
        />
        <Switch
          label={t('collections.form.public')}
          description={t('collections.form.publicHint')}
          checked={isPublic}
          onChange={(e) => setPublic(e.currentTarget.checked)}
        />
        {error && !fields ? <FormError error={error} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={pending} disabled={!title.trim()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A failed write's message, announced. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation('social');
  return (
    <Text role="alert" c="var(--mantine-color-error)" size="sm">
      {error instanceof ApiError ? error.message : t('error')}
    </Text>
  );
}

/** The form in a dialog. */
export function CollectionFormModal({
  opened,
  title,
  ...form
}: CollectionFormProps & { opened: boolean; title: string }) {
  return (
    <Modal opened={opened} onClose={form.onCancel} title={title} centered>
      {opened ? <CollectionForm {...form} /> : null}
    </Modal>
  );
}
