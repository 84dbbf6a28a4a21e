import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * SLOT for the community feature: featured and hot templates on the home page. Until the community
 * engineer replaces this body with the real lists, it invites people to browse the community.
 */
export function CommunityHighlights() {
  const { t } = useTranslation('home');
  return (
    <Card withBorder padding="xl" component="section" aria-labelledby="home-community-title">
      <Group justify="space-between" align="center" gap="lg">
        <Stack gap={4} maw={620}>
          <Title order={2} fz="h3" id="home-community-title">
            {t('community.title')}
          </Title>
          <Text c="dimmed">{t('community.body')}</Text>
        </Stack>
        <Button component={Link} to="/community" variant="light" rightSection={<IconArrowRight size={16} aria-hidden />}>
          {t('community.cta')}
        </Button>
      </Group>
    </Card>
  );
}
