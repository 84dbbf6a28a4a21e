import { REVIEW_AHEAD_MAX_DAYS } from '@arbor/contract';
import { Button, Group, Modal, NumberInput, Radio, Select, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SubjectRef } from '../../api/useProgress.ts';
import { useSubjects } from '../../api/useSubjects.ts';
import {
  AHEAD_DAYS_DEFAULT,
  reviewSessionPath,
  SESSION_LIMIT_DEFAULT,
  SESSION_LIMIT_MAX,
} from './review-session-link.ts';

type CustomMode = 'ahead' | 'at_risk';
const ALL = '';
const subjectValue = (subject: SubjectRef) => `${subject.kind}:${subject.uuid}`;

/** A whole number from 1 to `max`; null while the field is empty. */
function CountInput(props: {
  label: string;
  description?: string;
  max: number;
  value: number;
  onChange: (value: number | null) => void;
  testId: string;
}) {
  return (
    <NumberInput
      label={props.label}
      description={props.description}
      min={1}
      max={props.max}
      clampBehavior="strict"
      allowDecimal={false}
      value={props.value}
      onChange={(value) => props.onChange(typeof value === 'number' ? value : null)}
      data-testid={props.testId}
    />
  );
}

/**
 * "Custom session" (issue 33): review ahead (cards due within 1–30 days) or the at-risk ones, of every
 * subject or one, with a card limit; starting it opens `/learn/review` with that session.
 */
export function CustomSessionDialog({
  opened,
  onClose,
  subject,
}: {
  opened: boolean;
  onClose: () => void;
  /** the subject the dialog was opened from, chosen at first */
  subject?: SubjectRef & { title?: string };
}) {
  const { t } = useTranslation('recall');
  const navigate = useNavigate();
  const subjects = useSubjects(1);
  const [mode, setMode] = useState<CustomMode>('ahead');
  const [days, setDays] = useState<number>(AHEAD_DAYS_DEFAULT);
  const [limit, setLimit] = useState<number>(SESSION_LIMIT_DEFAULT);
  const [chosen, setChosen] = useState<string>(subject ? subjectValue(subject) : ALL);
  const options = [
    { value: ALL, label: t('session.allSubjects') },
    ...(subjects.data?.results ?? []).map((s) => ({ value: subjectValue(s), label: s.title })),
  ];
  if (subject && !options.some((o) => o.value === subjectValue(subject)))
    options.push({ value: subjectValue(subject), label: subject.title ?? t('session.oneSubject') });
  const start = () => {
    const [kind, uuid] = chosen.split(':');
    const picked = chosen === ALL ? null : ({ kind, uuid } as SubjectRef);
    void navigate(reviewSessionPath({ mode, subject: picked, limit, ...(mode === 'ahead' ? { days } : {}) }));
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('session.customTitle')} centered data-testid="custom-session">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        <Stack gap="md">
          <Radio.Group value={mode} onChange={(value) => setMode(value as CustomMode)} label={t('session.kindLabel')}>
            <Stack gap="xs" mt={6}>
              <Radio value="ahead" label={t('session.aheadOption')} data-testid="custom-mode-ahead" />
              <Radio value="at_risk" label={t('session.atRiskOption')} data-testid="custom-mode-at-risk" />
            </Stack>
          </Radio.Group>
          {mode === 'ahead' ? (
            <CountInput
              label={t('session.daysLabel')}
              description={t('session.daysHint', { max: REVIEW_AHEAD_MAX_DAYS })}
              max={REVIEW_AHEAD_MAX_DAYS}
              value={days}
              onChange={(value) => setDays(value ?? AHEAD_DAYS_DEFAULT)}
              testId="custom-days"
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('session.atRiskHint')}
            </Text>
          )}
          <Select
            label={t('session.subjectLabel')}
            data={options}
            value={chosen}
            onChange={(value) => setChosen(value ?? ALL)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="custom-subject"
          />
          <CountInput
            label={t('session.limitLabel')}
            max={SESSION_LIMIT_MAX}
            value={limit}
            onChange={(value) => setLimit(value ?? SESSION_LIMIT_DEFAULT)}
            testId="custom-limit"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('session.cancel')}
            </Button>
            <Button type="submit" leftSection={<IconPlayerPlay size={16} aria-hidden />} data-testid="custom-start">
              {t('session.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
