import type { Plan } from '@arbor/contract';
import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../../lib/i18n.ts';
import { formatDate, formatMonth, monthGrid, scheduleMonths, todayLocal, weekdayNames } from './calendar-grid.ts';
import { useFormatMinutes } from './Duration.tsx';
import classes from './plans.module.css';

type Day = Plan['schedule'][number];

const SHOWN_PER_DAY = 2;

/** The plan's schedule: a month grid with each study day's nodes, or a list of days on a phone. */
export function PlanCalendar({ schedule }: { schedule: Plan['schedule'] }) {
  const phone = useMediaQuery('(max-width: 36em)');
  if (schedule.length === 0) return null;
  return phone ? <ScheduleList schedule={schedule} /> : <MonthView schedule={schedule} />;
}

function MonthView({ schedule }: { schedule: Plan['schedule'] }) {
  const { t } = useTranslation('plans');
  const locale = currentLocale();
  const minutes = useFormatMinutes();
  const months = useMemo(() => scheduleMonths(schedule.map((d) => d.date)), [schedule]);
  const byDate = useMemo(() => new Map(schedule.map((d) => [d.date, d])), [schedule]);
  const [index, setIndex] = useState(0);
  const month = months[Math.min(index, months.length - 1)]!;
  const names = weekdayNames(locale, 'short');
  const captionId = `plan-month-${month}`;
  const today = todayLocal();
  return (
    <Stack gap="xs" data-testid="plan-calendar">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="default"
          onClick={() => setIndex((i) => i - 1)}
          disabled={index === 0}
          aria-label={t('plan.prevMonth')}
        >
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        <Title order={4} size="h5" id={captionId} aria-live="polite">
          {formatMonth(month, locale)}
        </Title>
        <ActionIcon
          variant="default"
          onClick={() => setIndex((i) => i + 1)}
          disabled={index >= months.length - 1}
          aria-label={t('plan.nextMonth')}
          data-testid="plan-next-month"
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <table className={classes.month} aria-labelledby={captionId}>
        <thead>
          <tr>
            {names.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]!.date}>
              {week.map((cell) => {
                const day = cell.inMonth ? byDate.get(cell.date) : undefined;
                return (
                  <td
                    key={cell.date}
                    data-outside={!cell.inMonth || undefined}
                    data-today={cell.date === today || undefined}
                    aria-current={cell.date === today ? 'date' : undefined}
                    data-study={day ? true : undefined}
                    data-testid={day ? 'plan-day' : undefined}
                    data-date={day ? cell.date : undefined}
                  >
                    <span className={classes.dayNumber}>{Number(cell.date.slice(8))}</span>
                    {day ? (
                      <ul className={classes.items}>
                        {day.items.slice(0, SHOWN_PER_DAY).map((item, i) => (
                          <li key={`${item.node_id}-${i}`} title={`${item.title} · ${minutes(item.minutes)}`}>
                            {item.title}
                          </li>
                        ))}
                        {day.items.length > SHOWN_PER_DAY ? (
                          <li className={classes.more}>{t('plan.more', { n: day.items.length - SHOWN_PER_DAY })}</li>
                        ) : null}
                      </ul>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Stack>
  );
}

function ScheduleList({ schedule }: { schedule: Plan['schedule'] }) {
  const locale = currentLocale();
  const minutes = useFormatMinutes();
  return (
    <Stack gap="xs" component="ol" className={classes.list} data-testid="plan-calendar">
      {schedule.map((day: Day) => (
        <li key={day.date} data-testid="plan-day" data-date={day.date}>
          <Text size="sm" fw={700}>
            {formatDate(day.date, locale, 'full')}
          </Text>
          <ul className={classes.listItems}>
            {day.items.map((item, i) => (
              <li key={`${item.node_id}-${i}`}>
                <Text size="sm" span>
                  {item.title}
                </Text>{' '}
                <Text size="xs" c="dimmed" span>
                  {minutes(item.minutes)}
                </Text>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </Stack>
  );
}
