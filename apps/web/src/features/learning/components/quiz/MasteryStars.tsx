import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './quiz.module.css';

export const MASTERY_MAX = 3;

/** Mastery 0–3 as three small stars, filled up to the level, with the level for screen readers. */
export function MasteryStars({ mastery, size = 14, testId }: { mastery: number; size?: number; testId?: string }) {
  const { t } = useTranslation('plans');
  const level = Math.max(0, Math.min(MASTERY_MAX, Math.round(mastery)));
  return (
    <span
      className={classes.stars}
      role="img"
      aria-label={t('mastery.value', { level })}
      title={t('mastery.value', { level })}
      data-mastery={level}
      data-testid={testId}
    >
      {Array.from({ length: MASTERY_MAX }, (_, i) =>
        i < level ? (
          <IconStarFilled key={i} size={size} aria-hidden className={classes.on} />
        ) : (
          <IconStar key={i} size={size} aria-hidden className={classes.off} />
        ),
      )}
    </span>
  );
}

/** The stars on a canvas node in learning mode (none before the first quiz passes). */
export function MasteryMark({ mastery }: { mastery: number }) {
  if (mastery <= 0) return null;
  return (
    <span className={classes.mark}>
      <MasteryStars mastery={mastery} size={10} testId="mastery-mark" />
    </span>
  );
}
