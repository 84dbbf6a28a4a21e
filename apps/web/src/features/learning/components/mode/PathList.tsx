import { ActionIcon, Alert, Group, Loader, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLearning, useLearningState } from './learning-store.ts';
import { formatMinutes } from './path-time.ts';
import { STATUS_LOOK } from './status-icons.ts';

/** The goal path shown on the canvas, listed in order with each step's time and the total. */
export function PathList({ target }: { target: string }) {
  const { t } = useTranslation('learning');
  const learning = useLearning();
  const path = useLearningState((s) => (s.path?.target === target ? s.path : null));
  const failed = useLearningState((s) => s.pathFailed) ?? false;
  if (!learning) return null;
  const minutes = (m: number) => formatMinutes(m, (key, values) => t(key, values));
  const title = t('path.title', { title: learning.titleOf(target) });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="learning-path" aria-label={title} component="section">
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Text fw={700} size="sm">
          {title}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('path.close')}
          onClick={() => learning.showPath(null)}
        >
          <IconX size={14} aria-hidden />
        </ActionIcon>
      </Group>
      {failed ? (
        <Alert color="red" p="xs">
          {t('path.loadFailed')}
        </Alert>
      ) : !path ? (
        <Loader size="sm" />
      ) : path.steps.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('path.empty')}
        </Text>
      ) : (
        <Stack gap={6}>
          <Text size="sm" data-testid="learning-path-total">
            {t('path.steps', { count: path.steps.length })} · {t('path.total', { time: minutes(path.total_minutes) })}
          </Text>
          <Stack component="ol" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {path.steps.map((step, index) => {
              const look = STATUS_LOOK[step.status];
              return (
                <Group component="li" key={step.node_id} gap={8} wrap="nowrap">
                  <Text size="xs" c="dimmed" w={18} ta="right" aria-hidden>
                    {index + 1}.
                  </Text>
                  <ThemeIcon size="sm" variant="light" color={look.color} radius="xl" aria-hidden>
                    <look.icon size={13} />
                  </ThemeIcon>
                  <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                    {step.title}
                    <VisuallyHidden component="span"> ({t(`status.${step.status}`)})</VisuallyHidden>
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {step.estimate_minutes === null ? t('path.unknown') : minutes(step.estimate_minutes)}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
