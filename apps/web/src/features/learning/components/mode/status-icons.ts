import type { LearningStatusValue } from '@arbor/contract';
import { IconCircleCheck, IconCircleDashed, IconPlayerSkipForward, IconProgress, type Icon } from '@tabler/icons-react';

/** One icon and one Mantine colour per status, on the canvas and in every status control. */
export const STATUS_LOOK: Record<LearningStatusValue, { icon: Icon; color: string }> = {
  todo: { icon: IconCircleDashed, color: 'gray' },
  learning: { icon: IconProgress, color: 'blue' },
  done: { icon: IconCircleCheck, color: 'teal' },
  skipped: { icon: IconPlayerSkipForward, color: 'violet' },
};
