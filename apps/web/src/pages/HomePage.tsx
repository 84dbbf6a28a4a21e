import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBinaryTree, IconSparkles, IconUsersGroup, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CommunityHighlights } from './home/CommunityHighlights.tsx';
import { CREATE_TREE_PATH, FirstStep } from './home/FirstStep.tsx';
import { TreeIllustration } from './home/TreeIllustration.tsx';

const FEATURES: { key: 'build' | 'share' | 'ai'; icon: Icon }[] = [
  { key: 'build', icon: IconBinaryTree },
  { key: 'share', icon: IconUsersGroup },
  { key: 'ai', icon: IconSparkles },
];

function Hero() {
  const { t } = useTranslation('home');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} className="arbor-home-hero">
      <Stack gap="lg" justify="center">
        <Badge variant="light" size="lg" radius="sm" w="fit-content">
          {t('hero.eyebrow')}
        </Badge>
        <Title order={1} className="arbor-home-title">
          {t('hero.title')}
        </Title>
        <Text size="lg" c="dimmed" maw={560}>
          {t('hero.subtitle')}
        </Text>
        <Group gap="sm">
          <Button
            component={Link}
            to={CREATE_TREE_PATH}
            size="md"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            {t('hero.build')}
          </Button>
          <Button component={Link} to="/community" size="md" variant="default">
            {t('hero.browse')}
          </Button>
        </Group>
      </Stack>
      <Box visibleFrom="md" className="arbor-home-art">
        <TreeIllustration />
      </Box>
    </SimpleGrid>
  );
}

function Features() {
  const { t } = useTranslation('home');
  return (
    <Stack gap="lg" component="section" aria-labelledby="home-features-title">
      <Title order={2} fz="h3" id="home-features-title">
        {t('features.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {FEATURES.map(({ key, icon: FeatureIcon }) => (
          <Card key={key} withBorder padding="lg">
            <ThemeIcon variant="light" size={44} radius="md" mb="md" aria-hidden>
              <FeatureIcon size={24} stroke={1.7} />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              {t(`features.${key}.title`)}
            </Title>
            <Text c="dimmed" size="sm">
              {t(`features.${key}.body`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The landing page: what Arbor is, how it helps, and the two ways in. */
export default function HomePage() {
  return (
    <Stack gap={64}>
      <FirstStep />
      <Hero />
      <Features />
      <CommunityHighlights />
    </Stack>
  );
}
