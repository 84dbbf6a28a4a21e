import type { SuggestionStatus } from '@arbor/contract';

/** A suggestion's status badge colour. */
export const STATUS_COLORS: Record<SuggestionStatus, string> = {
  open: 'blue',
  accepted: 'teal',
  rejected: 'red',
  withdrawn: 'gray',
};
