import { ActionIcon, Button, Group, Popover, Slider, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrain, IconCards, IconPlayerPlay } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLearning, useLearningState } from '../mode/learning-store.ts';
import { reviewNodesPath } from './review-scope.ts';
import { reviewSessionPath } from '../recall/review-session-link.ts';
import { daysBetween, HORIZONS, isoDateAfter, memoryTone, retentionPercent } from './memory-look.ts';
import classes from './memory.module.css';

/** How many of the weakest nodes "At risk" lists (and "Review these" reviews). */
export const AT_RISK_SHOWN = 10;

/** "in 2 weeks", "in 1 year" in the page's language (Intl words it). */
export function useWhenLabel() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'always' });
    return (days: number) => {
      if (days >= 365) return format.format(Math.round(days / 365), 'year');
      if (days >= 60) return format.format(Math.round(days / 30), 'month');
      if (days >= 14 && days % 7 === 0) return format.format(days / 7, 'week');
      return format.format(days, 'day');
    };
  }, [i18n.language]);
}

/**
 * The Memory view's controls beside the progress bar (UI.md "Memory view"): "Memory" colours the whole
 * canvas by retention; beside it, the subject's retention opens the date slider ("in 2 weeks, if you
 * don't review") and "At risk" with "Review these". Below 1440 px the editor's toolbar has room for one icon
 * (its Share and More stay on screen, its title uncovered): it opens the same panel, the toggle at its top.
 */
export function MemoryControls() {
  const { t } = useTranslation('learning');
  const { t: tr } = useTranslation('recall');
  const learning = useLearning();
  const memory = useLearningState((s) => s.memory);
  const memoryView = useLearningState((s) => s.memoryView) ?? false;
  const memoryAt = useLearningState((s) => s.memoryAt) ?? null;
  const target = useLearningState((s) => s.retentionTarget) ?? 0.9;
  const when = useWhenLabel();
  const [opened, setOpened] = useState(false);
  const compact = useMediaQuery('(max-width: 1439px)');
  const today = useMemo(() => new Date(), []);
  const [stop, setStop] = useState(() =>
    memoryAt
      ? Math.max(
          0,
          HORIZONS.findIndex((d) => d >= daysBetween(isoDateAfter(today, 0), memoryAt)),
        )
      : 0,
  );
  // Nothing to show before the learner has reviewed a card here.
  if (!learning || !memory || Object.keys(memory.nodes).length === 0) return null;
  const { summary } = memory;
  const subjectRetention = summary.retention === null ? null : retentionPercent(summary.retention);
  const atRisk = summary.at_risk.slice(0, AT_RISK_SHOWN);
  const stopLabel = (index: number) => {
    const days = HORIZONS[index] ?? 0;
    return days === 0 ? t('memory.today') : t('memory.ifNoReview', { when: when(days) });
  };
  const openLabel = t('memory.openLabel', {
    retention: subjectRetention === null ? t('memory.noRetention') : `${subjectRetention} %`,
    count: summary.at_risk.length,
  });
  const toggle = (
    <Button
      size="xs"
      variant={memoryView ? 'filled' : 'light'}
      color="grape"
      leftSection={<IconBrain size={16} aria-hidden />}
      aria-pressed={memoryView}
      onClick={() => learning.setMemoryView(!memoryView)}
      data-testid="memory-toggle"
    >
      {t('memory.toggle')}
    </Button>
  );
  return (
    <Group gap={6} wrap="nowrap" data-testid="memory-controls">
      {!compact && toggle}
      <Popover opened={opened} onChange={setOpened} width={300} position="bottom-end" shadow="md" trapFocus>
        <Popover.Target>
          {compact ? (
            <ActionIcon
              size="md"
              variant={memoryView ? 'filled' : 'light'}
              color="grape"
              onClick={() => setOpened((o) => !o)}
              aria-expanded={opened}
              aria-label={openLabel}
              data-testid="memory-open"
            >
              <IconBrain size={18} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              size="xs"
              variant="default"
              onClick={() => setOpened((o) => !o)}
              aria-expanded={opened}
              aria-label={openLabel}
              data-testid="memory-open"
            >
              {subjectRetention === null ? '–' : `${subjectRetention} %`}
              {summary.at_risk.length > 0 ? ` · ${t('memory.atRiskShort', { count: summary.at_risk.length })}` : ''}
            </Button>
          )}
        </Popover.Target>
        <Popover.Dropdown data-testid="memory-panel">
          <Stack gap="sm">
            {compact && toggle}
            <Text size="sm" fw={700}>
              {subjectRetention === null
                ? t('memory.noRetention')
                : t('memory.subjectRetention', { percent: subjectRetention })}
            </Text>
            <div>
              <Text size="xs" id="memory-when-label" mb={4}>
                {t('memory.previewLabel')}
              </Text>
              <Slider
                min={0}
                max={HORIZONS.length - 1}
                step={1}
                value={stop}
                onChange={setStop}
                onChangeEnd={(index) =>
                  learning.setMemoryAt(index === 0 ? null : isoDateAfter(today, HORIZONS[index] ?? 0))
                }
                label={null}
                thumbValueText={stopLabel}
                thumbLabel={t('memory.previewLabel')}
                data-testid="memory-slider"
              />
              <Text size="xs" c="dimmed" mt={6} role="status" data-testid="memory-when">
                {stopLabel(stop)}
              </Text>
            </div>
            <Text size="sm" fw={700} id="memory-at-risk-title">
              {t('memory.atRisk')}
            </Text>
            {atRisk.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('memory.noneAtRisk')}
              </Text>
            ) : (
              <>
                <ul className={classes.riskList} aria-labelledby="memory-at-risk-title" data-testid="memory-at-risk">
                  {atRisk.map((id) => {
                    const retention = memory.nodes[id]?.retention ?? 0;
                    return (
                      <li key={id} className={classes.riskItem}>
                        <span className={classes.riskTitle}>{learning.titleOf(id)}</span>
                        <Text span size="sm" fw={700} data-tone={memoryTone(retention, target)}>
                          {retentionPercent(retention)} %
                        </Text>
                      </li>
                    );
                  })}
                </ul>
                <Button
                  component={Link}
                  to={reviewNodesPath(learning.subject, atRisk)}
                  size="xs"
                  leftSection={<IconCards size={16} aria-hidden />}
                  data-testid="memory-review-these"
                >
                  {t('memory.reviewThese')}
                </Button>
              </>
            )}
            <Button
              component={Link}
              to={reviewSessionPath({ mode: 'due', subject: learning.subject })}
              size="xs"
              variant="light"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              data-testid="memory-review-subject"
            >
              {tr('session.reviewSubject')}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
