import type { Collection } from '@arbor/contract';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { collectionPath } from '../../community/index.ts';

/** A public / private badge. */
export function VisibilityBadge({ visibility }: { visibility: Collection['visibility'] }) {
  const { t } = useTranslation('social');
  const Icon = visibility === 'public' ? IconWorld : IconLock;
  return (
    <Badge
      variant="light"
      color={visibility === 'public' ? 'teal' : 'gray'}
      leftSection={<Icon size={12} aria-hidden />}
      tt="none"
      style={{ flexShrink: 0 }}
    >
      {t(`collections.${visibility}`)}
    </Badge>
  );
}

/** Collections as small cards: title (a link to the collection), description, size, visibility. */
export function CollectionList({
  collections,
  showVisibility = false,
}: {
  collections: Collection[];
  showVisibility?: boolean;
}) {
  const { t } = useTranslation('social');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {collections.map((c) => (
        <Paper key={c.id} withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={collectionPath(c.uuid)} fw={600} truncate>
                {c.title}
              </Anchor>
              {showVisibility && <VisibilityBadge visibility={c.visibility} />}
            </Group>
            {c.description && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {c.description}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('collections.itemsCount', { count: c.items_count })}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
