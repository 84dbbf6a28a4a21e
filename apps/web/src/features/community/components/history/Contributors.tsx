import type { UserSummary } from '@arbor/contract';
import { Anchor, Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authorPath } from '../../paths.ts';

/** The template's contributors (authors of accepted suggestions), each linking to their page. */
export function Contributors({ users }: { users: UserSummary[] }) {
  const { t } = useTranslation('reviews');
  if (users.length === 0) return null;
  return (
    <Card withBorder padding="md" radius="md" data-testid="contributors">
      <Stack gap="xs">
        <div>
          <Title order={2} fz="h5">
            {t('contributors.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('contributors.hint')}
          </Text>
        </div>
        <Group gap="sm">
          {users.map((user) => (
            <Group key={user.id} gap={6} wrap="nowrap">
              <Avatar src={user.avatar_url} size={22} radius="xl" alt="" />
              <Anchor component={Link} to={authorPath(user.username)} size="sm">
                {user.username}
              </Anchor>
            </Group>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
