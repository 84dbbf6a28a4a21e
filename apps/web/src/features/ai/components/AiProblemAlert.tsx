import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle, IconHourglass, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import type { AiProblem } from '../api/errors.ts';

const ICONS = {
  not_configured: IconPlugConnectedX,
  quota: IconHourglass,
  upstream: IconAlertTriangle,
  other: IconAlertTriangle,
};

/** Explains why AI cannot answer: not configured (with a way there for admins), quota used, provider failure. */
export function AiProblemAlert({ problem }: { problem: AiProblem }) {
  const { t } = useTranslation('ai');
  const { isAdmin } = useSession();
  const Icon = ICONS[problem.kind];
  return (
    <Alert
      color={problem.kind === 'quota' ? 'yellow' : problem.kind === 'not_configured' ? 'gray' : 'red'}
      variant="light"
      icon={<Icon size={18} />}
      title={t(`problem.${problem.kind}.title`)}
      data-testid="ai-problem"
      data-kind={problem.kind}
    >
      <Text size="sm">
        {problem.kind === 'other' || problem.kind === 'upstream' ? problem.detail : t(`problem.${problem.kind}.body`)}
      </Text>
      {problem.kind === 'not_configured' ? (
        isAdmin ? (
          <Anchor component={Link} to="/admin/ai" size="sm">
            {t('problem.not_configured.adminLink')}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('problem.not_configured.askAdmin')}
          </Text>
        )
      ) : null}
    </Alert>
  );
}
