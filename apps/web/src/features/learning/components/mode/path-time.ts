/** Minutes as people read a study time: `45 min`, `2 h`, `2 h 15 min` (through the learning namespace's keys). */
export function formatMinutes(
  minutes: number,
  t: (key: 'path.minutes' | 'path.hours' | 'path.wholeHours', values: Record<string, number>) => string,
): string {
  if (minutes < 60) return t('path.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? t('path.hours', { hours, minutes: rest }) : t('path.wholeHours', { hours });
}
