import { Chip, Group, Input } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../../lib/i18n.ts';
import { weekdayNames } from '../plans/calendar-grid.ts';
import classes from './settings.module.css';

interface StudyDaysPickerProps {
  /** 0 = Monday … 6 = Sunday */
  value: readonly number[];
  onChange: (days: number[]) => void;
  label: string;
  description?: string;
  error?: string;
  /** the test id of the group; each chip's is `<testId>-<day>` */
  testId?: string;
}

/** The study days as weekday chips (checkboxes, so Tab and Space work), Monday first. */
export function StudyDaysPicker({
  value,
  onChange,
  label,
  description,
  error,
  testId = 'study-days',
}: StudyDaysPickerProps) {
  // re-render on a language change (the weekday names follow it)
  useTranslation();
  const id = useId();
  const names = weekdayNames(currentLocale(), 'short');
  const long = weekdayNames(currentLocale(), 'long');
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      id={id}
      description={description}
      error={error}
      data-testid={testId}
    >
      <Group
        gap={6}
        mt={6}
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <Chip.Group
          multiple
          value={value.map(String)}
          onChange={(days) => onChange(days.map(Number).sort((a, b) => a - b))}
        >
          {names.map((name, day) => (
            <Chip
              key={day}
              value={String(day)}
              size="sm"
              classNames={{ label: classes.dayChip }}
              aria-label={long[day]}
              data-testid={testId === 'study-days' ? `study-day-${day}` : `${testId}-${day}`}
            >
              {name}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
    </Input.Wrapper>
  );
}
