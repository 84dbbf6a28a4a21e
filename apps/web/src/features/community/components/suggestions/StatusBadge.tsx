import type { SuggestionStatus } from '@arbor/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<SuggestionStatus, string> = {
  open: 'blue',
  accepted: 'teal',
  rejected: 'red',
  withdrawn: 'gray',
};

/** A suggestion's status, as the list and the suggestion view show it. */
export function StatusBadge({ status }: { status: SuggestionStatus }) {
  const { t } = useTranslation('reviews');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`suggestions.statuses.${status}`)}
    </Badge>
  );
}
