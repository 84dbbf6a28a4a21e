import { Alert, Avatar, Badge, Button, Card, Group as Row, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSetPageSubject } from '../../../lib/page-subject.ts';
import { useGroupPreview } from '../api/useGroupPreview.ts';
import { useJoinGroup } from '../api/useJoinGroup.ts';
import { groupPagePath } from './group-paths.ts';

/**
 * `/groups/join/:code`: who runs the group, what joining shares (stated before the button: owner and
 * mentors see progress and memory on assignments, never notes), then Join.
 */
export function JoinView({ code }: { code: string }) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const preview = useGroupPreview(code);
  const join = useJoinGroup();
  useSetPageSubject(preview.data?.name);
  if (preview.isPending) return <Skeleton h={240} maw={560} mx="auto" radius="md" />;
  if (preview.isError) {
    const status = preview.error instanceof ApiError ? preview.error.status : 0;
    return (
      <Alert color={status === 429 ? 'orange' : 'red'} maw={560} mx="auto" title={t('join.title')} role="alert">
        {status === 429 ? t('join.tooMany') : status === 404 ? t('join.invalid') : t('join.loadError')}
      </Alert>
    );
  }
  const group = preview.data;
  const alreadyMember = join.error instanceof ApiError && join.error.status === 409;
  return (
    <Card withBorder radius="md" padding="lg" maw={560} mx="auto" data-testid="join-card">
      <Stack gap="md">
        <Stack gap={6}>
          <Badge variant="light" tt="none" style={{ alignSelf: 'flex-start' }}>
            {t(`kind.${group.kind}`)}
          </Badge>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {t('join.heading', { name: group.name })}
          </Title>
          <Row gap="xs" wrap="nowrap">
            <Avatar src={group.owner.avatar_url} alt="" size={28} radius="xl" />
            <Text size="sm">{t('join.runBy', { name: group.owner.username })}</Text>
          </Row>
          <Text size="sm" c="dimmed">
            {t('home.members', { count: group.members_count })}
          </Text>
        </Stack>
        <Alert color="blue" variant="light" icon={<IconShieldCheck size={18} aria-hidden />} data-testid="join-consent">
          {t('join.consent')}
        </Alert>
        {alreadyMember ? (
          <Text size="sm" role="status">
            {t('join.already')} <Link to={groupPagePath(group.uuid)}>{t('join.open')}</Link>
          </Text>
        ) : join.isError ? (
          <Text size="sm" c="red" role="alert">
            {join.error.message}
          </Text>
        ) : null}
        <Button
          size="md"
          loading={join.isPending}
          onClick={() => join.mutate(code, { onSuccess: (joined) => void navigate(groupPagePath(joined.uuid)) })}
          data-testid="join-button"
        >
          {t('join.submit')}
        </Button>
      </Stack>
    </Card>
  );
}
