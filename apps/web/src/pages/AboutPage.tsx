import { Anchor, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconApi, IconBinaryTree, IconLanguage, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const POINTS = [
  { key: 'trees', icon: IconBinaryTree },
  { key: 'languages', icon: IconLanguage },
  { key: 'privacy', icon: IconShieldLock },
  { key: 'api', icon: IconApi },
] as const;

/** `/about`: what Arbor is for, what it values, its version and where its API lives. */
export default function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <Stack gap="xl" maw={900}>
      <Stack gap="xs">
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text size="lg" c="dimmed">
          {t('intro')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {POINTS.map(({ key, icon: PointIcon }) => (
          <Card key={key} withBorder padding="lg">
            <ThemeIcon variant="light" size={40} radius="md" mb="sm" aria-hidden>
              <PointIcon size={22} />
            </ThemeIcon>
            <Title order={2} fz="h5" mb={4}>
              {t(`points.${key}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`points.${key}.body`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('links.title')}
        </Title>
        <List spacing={6}>
          <List.Item>
            <Anchor href="/api/docs/">{t('links.docs')}</Anchor>
          </List.Item>
          <List.Item>
            <Anchor href="/api/schema/">{t('links.schema')}</Anchor>
          </List.Item>
        </List>
      </Stack>
      <Text size="sm" c="dimmed">
        {t('version', { version: __APP_VERSION__ })}
      </Text>
    </Stack>
  );
}
