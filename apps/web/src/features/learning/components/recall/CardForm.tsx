import type { CardKind } from '@arbor/contract';
import { clozeNumbers } from '@arbor/contract/cloze';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ClozeField } from './kinds/ClozeField.tsx';

/** The contract's CARD_FRONT_MAX and CARD_BACK_MAX (a value import from the contract would bring zod along). */
const FRONT_MAX = 2_000;
const BACK_MAX = 10_000;

/** A card's two sides, as the form edits them. */
export interface CardText {
  front: string;
  back: string;
}

interface CardFormProps {
  initial?: CardText;
  submitLabel: string;
  saving: boolean;
  onSubmit: (draft: CardText) => void;
  onCancel?: () => void;
  cancelLabel?: string;
  testId?: string;
  /** cloze: the front is a cloze text (markers, shortcut, previews); occlusion: only the extra (its question is the image) */
  kind?: CardKind;
}

/** Front and back of a card, as Markdown. */
export function CardForm({
  initial,
  submitLabel,
  saving,
  onSubmit,
  onCancel,
  cancelLabel,
  testId,
  kind = 'basic',
}: CardFormProps) {
  const { t } = useTranslation('recall');
  const [front, setFront] = useState(initial?.front ?? '');
  const [back, setBack] = useState(initial?.back ?? '');
  const [touched, setTouched] = useState(false);
  const backOnly = kind === 'occlusion';
  const frontProblem =
    kind === 'cloze'
      ? clozeNumbers(front).length === 0 && t('kinds.clozeRequired', { example: '{{c1::…}}' })
      : front.trim() === '' && t('card.frontRequired');
  const frontError = touched && frontProblem ? frontProblem : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (backOnly) return onSubmit({ front: initial?.front ?? '', back });
    if (frontProblem) return;
    onSubmit({ front: front.trim(), back });
  };
  return (
    <form onSubmit={submit} data-testid={testId ?? 'card-form'} noValidate>
      <Stack gap="xs">
        {backOnly ? null : kind === 'cloze' ? (
          <ClozeField text={front} onChange={setFront} error={frontError} />
        ) : (
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
        )}
        <Textarea
          label={kind === 'basic' || kind === 'reversed' ? t('card.back') : t('kinds.extra')}
          description={kind === 'basic' || kind === 'reversed' ? t('card.backHint') : t('kinds.extraHint')}
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
