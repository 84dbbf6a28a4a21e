import { useTranslation } from 'react-i18next';
import { durationKey, splitMinutes } from './calendar-grid.ts';

/** "2 h 30 min" in the UI language. */
export function useFormatMinutes(): (minutes: number) => string {
  const { t } = useTranslation('plans');
  return (minutes) => t(`duration.${durationKey(minutes)}`, splitMinutes(minutes));
}
