import type { CardDraft } from '@arbor/contract';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The contract's CARD_FRONT_MAX and CARD_BACK_MAX (a value import from the contract would bring zod along). */
const FRONT_MAX = 2_000;
const BACK_MAX = 10_000;

interface CardFormProps {
  initial?: CardDraft;
  submitLabel: string;
  saving: boolean;
  onSubmit: (draft: CardDraft) => void;
  onCancel?: () => void;
  cancelLabel?: string;
  testId?: string;
}

/** Front and back of a card, as Markdown. */
export function CardForm({ initial, submitLabel, saving, onSubmit, onCancel, cancelLabel, testId }: CardFormProps) {
  const { t } = useTranslation('recall');
  const [front, setFront] = useState(initial?.front ?? '');
  const [back, setBack] = useState(initial?.back ?? '');
  const [touched, setTouched] = useState(false);
  const frontError = touched && front.trim() === '' ? t('card.frontRequired') : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (front.trim() === '') return;
    onSubmit({ front: front.trim(), back });
  };
  return (
    <form onSubmit={submit} data-testid={testId ?? 'card-form'} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('card.front')}
          description={t('card.frontHint')}
          value={front}
          onChange={(e) => setFront(e.currentTarget.value)}
          maxLength={FRONT_MAX}
          autosize
          minRows={2}
          maxRows={8}
          required
          error={frontError}
          data-testid="card-front-input"
        />
        <Textarea
          label={t('card.back')}
          description={t('card.backHint')}
          value={back}
          onChange={(e) => setBack(e.currentTarget.value)}
          maxLength={BACK_MAX}
          autosize
          minRows={3}
          maxRows={12}
          data-testid="card-back-input"
        />
        <Group justify="flex-end" gap="xs">
          {onCancel ? (
            <Button variant="default" size="xs" onClick={onCancel}>
              {cancelLabel ?? t('card.cancel')}
            </Button>
          ) : null}
          <Button type="submit" size="xs" loading={saving} data-testid="card-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
