import type { CardImage, CardKind, OcclusionMask, OcclusionMode } from '@arbor/contract';
import { clozeNumbers } from '@arbor/contract/cloze';
import { Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardInput } from '../../../api/useCards.ts';
import { ClozeField } from './ClozeField.tsx';
import { InsertImageButton } from './InsertImageButton.tsx';
import { OcclusionEditor } from './OcclusionEditor.tsx';

/** The contract's CARD_FRONT_MAX and CARD_BACK_MAX (a value import from the contract would bring zod along). */
const FRONT_MAX = 2_000;
const BACK_MAX = 10_000;

const KINDS: readonly CardKind[] = ['basic', 'reversed', 'cloze', 'occlusion'];

export interface CardEditorInitial {
  kind?: 'basic' | 'cloze';
  front?: string;
  back?: string;
}

interface CardEditorProps {
  nodeId: string;
  initial?: CardEditorInitial;
  submitLabel: string;
  saving: boolean;
  onSubmit: (input: CardInput) => void;
  onCancel?: () => void;
  cancelLabel?: string;
  testId?: string;
}

/**
 * A new card of any kind (UI.md "Cards"): Basic, Basic + reversed (two cards), Cloze (a card per
 * number, previewed live) and Image occlusion (a card per mask), switched at the top.
 */
export function CardEditor({
  nodeId,
  initial,
  submitLabel,
  saving,
  onSubmit,
  onCancel,
  cancelLabel,
  testId,
}: CardEditorProps) {
  const { t } = useTranslation('recall');
  const kindLabel = useId();
  const [kind, setKind] = useState<CardKind>(initial?.kind ?? 'basic');
  const [front, setFront] = useState(initial?.kind === 'cloze' ? '' : (initial?.front ?? ''));
  const [back, setBack] = useState(initial?.back ?? '');
  const [text, setText] = useState(initial?.kind === 'cloze' ? (initial.front ?? '') : '');
  const [image, setImage] = useState<CardImage | null>(null);
  const [masks, setMasks] = useState<OcclusionMask[]>([]);
  const [mode, setMode] = useState<OcclusionMode>('hide_one');
  const [touched, setTouched] = useState(false);

  const problem = (() => {
    if (kind === 'basic' || kind === 'reversed') {
      if (front.trim() === '') return { field: 'front', message: t('card.frontRequired') };
      if (kind === 'reversed' && back.trim() === '') return { field: 'back', message: t('kinds.backRequired') };
    }
    if (kind === 'cloze' && clozeNumbers(text).length === 0)
      return { field: 'text', message: t('kinds.clozeRequired', { example: '{{c1::…}}' }) };
    if (kind === 'occlusion' && (!image || masks.length === 0))
      return { field: 'masks', message: t(image ? 'kinds.masksRequired' : 'kinds.imageRequired') };
    return null;
  })();
  const errorOf = (field: string) => (touched && problem?.field === field ? problem.message : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    const base = { node_id: nodeId };
    if (kind === 'basic' || kind === 'reversed') onSubmit({ ...base, kind, front: front.trim(), back });
    else if (kind === 'cloze') onSubmit({ ...base, kind, text: text.trim(), back });
    else onSubmit({ ...base, kind, image: image!.id, masks, mode, back });
  };

  const sides = kind === 'basic' || kind === 'reversed';
  return (
    <form onSubmit={submit} data-testid={testId ?? 'card-editor'} noValidate>
      <Stack gap="xs">
        <Text size="xs" fw={600} id={kindLabel}>
          {t('kinds.kind')}
        </Text>
        <SegmentedControl
          size="xs"
          fullWidth
          value={kind}
          onChange={(value) => setKind(value as CardKind)}
          aria-labelledby={kindLabel}
          data={KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          data-testid="card-kind"
        />
        {sides ? (
          <>
            <Textarea
              label={t('card.front')}
              description={t(kind === 'reversed' ? 'kinds.reversedHint' : 'card.frontHint')}
              value={front}
              onChange={(e) => setFront(e.currentTarget.value)}
              error={errorOf('front')}
              autosize
              minRows={2}
              maxLength={FRONT_MAX}
              data-testid="card-front-input"
            />
          </>
        ) : null}
        {kind === 'cloze' ? <ClozeField text={text} onChange={setText} error={errorOf('text')} /> : null}
        {kind === 'occlusion' ? (
          <>
            <OcclusionEditor image={image} onImage={setImage} masks={masks} onMasks={setMasks} />
            <SegmentedControl
              size="xs"
              fullWidth
              value={mode}
              onChange={(value) => setMode(value as OcclusionMode)}
              aria-label={t('kinds.mode')}
              data={[
                { value: 'hide_one', label: t('kinds.hideOne') },
                { value: 'hide_all', label: t('kinds.hideAll') },
              ]}
              data-testid="occlusion-mode"
            />
            {errorOf('masks') ? (
              <Text size="xs" c="red" role="alert">
                {errorOf('masks')}
              </Text>
            ) : null}
          </>
        ) : null}
        <Textarea
          label={sides ? t('card.back') : t('kinds.extra')}
          description={sides ? t('card.backHint') : t('kinds.extraHint')}
          value={back}
          onChange={(e) => setBack(e.currentTarget.value)}
          error={errorOf('back')}
          autosize
          minRows={2}
          maxLength={kind === 'reversed' ? FRONT_MAX : BACK_MAX}
          data-testid="card-back-input"
        />
        <Group justify="space-between" gap="xs">
          <InsertImageButton
            onInsert={(markdown) => setBack((text) => (text.trim() ? `${text}\n\n${markdown}` : markdown))}
          />
          <Group gap="xs">
            {onCancel ? (
              <Button variant="subtle" color="gray" size="xs" onClick={onCancel}>
                {cancelLabel ?? t('card.cancel')}
              </Button>
            ) : null}
            <Button type="submit" size="xs" loading={saving} data-testid="card-submit">
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
