import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';

/** The path a new account lands on (routes.tsx, the sign-up page's `authRedirect`). */
export const FIRST_STEP_PATH = '/?welcome=1';
/** Opens the create dialog of My trees (TreeListPage reads `new`). */
export const CREATE_TREE_PATH = '/trees?new=blank';

/**
 * The first step after a sign-up: make a tree or start from a template, instead of the landing page
 * the new account has just read (issue 27). Shown on `/?welcome=1` to a signed-in user.
 */
export function FirstStep() {
  const { t } = useTranslation('home');
  const [params] = useSearchParams();
  const session = useSession();
  if (params.get('welcome') !== '1' || session.status !== 'authenticated') return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      data-testid="first-step"
      component="section"
      aria-labelledby="first-step-title"
    >
      <Stack gap="md">
        <Title order={2} id="first-step-title">
          {t('firstStep.title', { name: session.user?.username ?? '' })}
        </Title>
        <Text c="dimmed">{t('firstStep.body')}</Text>
        <Group gap="sm">
          <Button component={Link} to={CREATE_TREE_PATH} size="md" leftSection={<IconPlus size={18} aria-hidden />}>
            {t('firstStep.create')}
          </Button>
          <Button
            component={Link}
            to="/community"
            size="md"
            variant="default"
            leftSection={<IconUsersGroup size={18} aria-hidden />}
          >
            {t('firstStep.browse')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
