import type { LearningStatusValue } from '@arbor/contract';
import { Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_LOOK } from './status-icons.ts';
import { STATUSES } from './status-keys.ts';

interface StatusSegmentsProps {
  status: LearningStatusValue;
  /** names the group for assistive technology */
  label: string;
  onChange: (status: LearningStatusValue) => void;
  /** a class for the icons (the status bar hides them where a phone has no room) */
  iconClassName?: string;
  'data-testid': string;
}

/** A node's four statuses as one segmented choice, each with its icon and name (node panel, status bar). */
export function StatusSegments({ status, label, onChange, iconClassName, ...rest }: StatusSegmentsProps) {
  const { t } = useTranslation('learning');
  return (
    <SegmentedControl
      fullWidth
      size="xs"
      value={status}
      // its radios are the four statuses: the group is named, so it needs the role that takes a name
      role="radiogroup"
      aria-label={label}
      onChange={(value) => onChange(value as LearningStatusValue)}
      data={STATUSES.map((value) => {
        const Icon = STATUS_LOOK[value].icon;
        return {
          value,
          label: (
            <Group gap={4} wrap="nowrap" justify="center">
              <Icon size={14} aria-hidden className={iconClassName} />
              <span>{t(`status.${value}`)}</span>
            </Group>
          ),
        };
      })}
      data-testid={rest['data-testid']}
    />
  );
}
