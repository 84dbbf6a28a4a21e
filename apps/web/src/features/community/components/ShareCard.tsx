import type { Share } from '@arbor/contract';
import { Anchor, AspectRatio, Avatar, Badge, Card, Group, Rating, Stack, Text } from '@mantine/core';
import { IconEye, IconGitFork, IconHeart, IconSitemap } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { compactNumber } from '../../../lib/compact-number.ts';
import { HintTooltip } from '../../shell/index.ts';
import { CoverArt } from './CoverArt.tsx';
import { authorPath } from '../paths.ts';
import classes from './ShareCard.module.css';

/** The counters a card shows, in order. */
const CARD_STATS = [
  { field: 'likes_count', label: 'stats.likes', Icon: IconHeart },
  { field: 'views_count', label: 'stats.views', Icon: IconEye },
  { field: 'uses_count', label: 'stats.uses', Icon: IconGitFork },
  { field: 'node_count', label: 'stats.nodes', Icon: IconSitemap },
] as const;

function Stat({ icon, value, label, locale }: { icon: React.ReactNode; value: number; label: string; locale: string }) {
  return (
    <HintTooltip label={label} withArrow>
      <Group gap={4} wrap="nowrap" aria-label={`${label}: ${value}`}>
        {icon}
        <Text size="xs" c="dimmed">
          {compactNumber(value, locale)}
        </Text>
      </Group>
    </HintTooltip>
  );
}

/**
 * A template in a grid: cover, title, rating, counters and tags link to its page; under them the
 * author's name links to their page (a link of its own, beside the card's, never inside it).
 */
export function ShareCard({ share }: { share: Share }) {
  const { t, i18n } = useTranslation('community');
  const locale = i18n.language;
  return (
    <Card withBorder radius="md" padding="sm" className={classes.card}>
      <Link to={`/community/${share.uuid}`} className={classes.main}>
        <Card.Section>
          <AspectRatio ratio={16 / 9}>
            {share.cover_url ? (
              <img src={share.cover_url} alt="" loading="lazy" className={classes.cover} />
            ) : (
              <CoverArt seed={share.uuid} title={share.title} />
            )}
          </AspectRatio>
        </Card.Section>
        <Stack gap={6} mt="sm">
          <Text fw={600} lineClamp={1} title={share.title}>
            {share.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2} mih={40}>
            {share.description || t('card.noDescription')}
          </Text>
          <Group justify="space-between" wrap="nowrap">
            <Group
              gap={4}
              wrap="nowrap"
              aria-label={t('card.rating', { avg: share.rating_avg.toFixed(1), count: share.rating_count })}
            >
              <Rating value={share.rating_avg} fractions={10} readOnly size="xs" />
              <Text size="xs" c="dimmed">
                {share.rating_count > 0 ? share.rating_avg.toFixed(1) : '—'}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {CARD_STATS.map(({ field, label, Icon }) => (
                <Stat
                  key={field}
                  icon={<Icon size={14} aria-hidden />}
                  locale={locale}
                  value={share[field]}
                  label={t(label)}
                />
              ))}
            </Group>
          </Group>
          <Group gap={4} wrap="nowrap" className={classes.tags}>
            {share.tags.slice(0, 3).map((tag) => (
              <Badge key={tag} variant="light" size="sm" tt="none" className={classes.tag}>
                {tag}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Link>
      <Group gap={6} wrap="nowrap" mt={8}>
        <Avatar src={share.author.avatar_url} size={20} radius="xl" alt="" />
        <Anchor component={Link} to={authorPath(share.author.username)} size="xs" c="dimmed" truncate>
          {share.author.username}
        </Anchor>
      </Group>
    </Card>
  );
}
