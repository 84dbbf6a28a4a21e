import type { Card, CardOcclusion } from '@arbor/contract';
import { clozePlainText } from '@arbor/contract/cloze';
import { markdownToPlainText } from '@arbor/tree-core/plain-text';
import { Box, Text } from '@mantine/core';
import { useCallback, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../../../trees/index.ts';
import { ANSWER_HREF, clozeMarkdown, GAP_HREF } from './cloze-text.ts';
import { maskStyle } from './mask-geometry.ts';
import classes from './kinds.module.css';

/** Draws a cloze gap (or its revealed answer) where the Markdown has its link; other links stay safe links. */
function useClozeLink() {
  const { t } = useTranslation('recall');
  return useCallback(
    (props: ComponentProps<'a'>) => {
      if (props.href === GAP_HREF)
        return (
          <span className={classes.gap} data-testid="cloze-gap" aria-label={t('kinds.gapLabel')}>
            {props.children}
          </span>
        );
      if (props.href === ANSWER_HREF)
        return (
          <mark className={classes.revealedGap} data-testid="cloze-answer">
            {props.children}
          </mark>
        );
      return (
        <a href={props.href} title={props.title} target="_blank" rel="noopener nofollow noreferrer">
          {props.children}
        </a>
      );
    },
    [t],
  );
}

/** A cloze card's text with its gap, or with the answer in the gap's place once revealed. */
export function ClozeText({ text, n, revealed }: { text: string; n: number; revealed: boolean }) {
  const link = useClozeLink();
  return <MarkdownPreview source={clozeMarkdown(text, n, revealed)} link={link} />;
}

/**
 * An occlusion card's image with its masks: hide one covers only the mask asked for; hide all covers
 * every mask and marks the one asked for. Revealed, the mask asked for opens in place (outlined).
 */
export function OcclusionImage({ occlusion, revealed }: { occlusion: CardOcclusion; revealed: boolean }) {
  const { t } = useTranslation('recall');
  const shown = occlusion.masks
    .map((mask, index) => ({ mask, index }))
    .filter(({ index }) => occlusion.mode === 'hide_all' || index === occlusion.index);
  return (
    <div className={classes.stage} data-testid="occlusion-image">
      <img
        src={occlusion.url}
        width={occlusion.width}
        height={occlusion.height}
        alt={t('kinds.occlusionAlt', { n: occlusion.index + 1, total: occlusion.masks.length })}
      />
      {shown.map(({ mask, index }) => {
        const asked = index === occlusion.index;
        return (
          <span
            key={index}
            className={classes.mask}
            style={maskStyle(mask)}
            data-asked={asked && occlusion.mode === 'hide_all'}
            data-revealed={asked && revealed}
            data-testid={asked ? (revealed ? 'occlusion-revealed' : 'occlusion-asked') : 'occlusion-mask'}
          />
        );
      })}
    </div>
  );
}

/** The question side of a card of any kind. */
export function CardQuestion({ card, revealed }: { card: Card; revealed: boolean }) {
  if (card.kind === 'cloze' && card.cloze !== null)
    return <ClozeText text={card.front} n={card.cloze} revealed={revealed} />;
  if (card.kind === 'occlusion' && card.occlusion)
    return <OcclusionImage occlusion={card.occlusion} revealed={revealed} />;
  return <MarkdownPreview source={card.front} />;
}

/** Whether a card's answer is shown in place (cloze, occlusion) rather than below the question. */
export const answersInPlace = (card: Card) => card.kind === 'cloze' || card.kind === 'occlusion';

/**
 * What a card says in a list or a button's name: its front, a cloze's text with its answers (no
 * markers), an occlusion card's mask number (its question is an image). Markdown, for the caller to flatten.
 */
export function useCardText() {
  const { t } = useTranslation('recall');
  return useCallback(
    (card: Card) => {
      if (card.kind === 'occlusion' && card.occlusion)
        return t('kinds.occlusionLabel', { n: card.occlusion.index + 1, total: card.occlusion.masks.length });
      return card.kind === 'cloze' ? clozePlainText(card.front) : card.front;
    },
    [t],
  );
}

/** A card as one line of plain text in a list. */
export function CardListText({ card }: { card: Card }) {
  const cardText = useCardText();
  return <>{markdownToPlainText(cardText(card))}</>;
}

/** The extra under an in-place answer (a cloze's or an occlusion's back), when it has one. */
export function AnswerExtra({ card }: { card: Card }) {
  const { t } = useTranslation('recall');
  if (card.back.trim() === '') return null;
  return (
    <Box mt="sm">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        {t('kinds.extra')}
      </Text>
      <MarkdownPreview source={card.back} />
    </Box>
  );
}
