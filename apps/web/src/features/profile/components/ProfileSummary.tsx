import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../../lib/session.ts';
import { AvatarEditor } from './AvatarEditor.tsx';

/** Who is signed in: avatar (with its editor), display name, username, role and join date. */
export function ProfileSummary({ me }: { me: Me }) {
  const { t, i18n } = useTranslation('profile');
  const name = me.profile.nickname || me.username;
  const joined = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(me.date_joined));
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm">
        <AvatarEditor url={me.profile.avatar_url} name={name} />
        <Stack gap={2} align="center" maw="100%">
          <Title order={1} fz="xl" ta="center" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            @{me.username}
          </Text>
        </Stack>
        {me.role === 'admin' ? (
          <Badge variant="light" color="grape">
            {t('summary.admin')}
          </Badge>
        ) : null}
        {me.profile.bio ? (
          <Text size="sm" ta="center" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {me.profile.bio}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('summary.joined', { date: joined })}
        </Text>
      </Stack>
    </Paper>
  );
}
