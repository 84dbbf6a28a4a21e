import type { ShareWithData } from '@arbor/contract';
import { Button, Group, Rating, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGitFork, IconHeart, IconHeartFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { HintTooltip } from '../../shell/index.ts';
import { useLikeShare, useRateShare, useUseTemplate } from '../api/share-actions.ts';

const errorMessage = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * Like, rate 1–5 and "Use this template" (forks it into My trees and opens the editor); `extra` are
 * the page's further actions (e.g. "Add to collection").
 */
export function TemplateActions({ share, extra }: { share: ShareWithData; extra?: ReactNode }) {
  const { t } = useTranslation('community');
  const navigate = useNavigate();
  const like = useLikeShare(share.uuid);
  const rate = useRateShare(share.uuid);
  const use = useUseTemplate(share.uuid);
  const fail = (error: unknown) =>
    notifications.show({ color: 'red', message: errorMessage(error, t('actions.failed')) });

  return (
    <Stack gap="md">
      <Button
        size="md"
        leftSection={<IconGitFork size={18} aria-hidden />}
        loading={use.isPending}
        disabled={!share.abilities.use}
        onClick={() =>
          use.mutate(undefined, {
            onSuccess: ({ tree }) => {
              notifications.show({ color: 'teal', message: t('detail.used', { title: tree.title }) });
              void navigate(`/trees/${tree.uuid}`);
            },
            onError: fail,
          })
        }
      >
        {t('detail.use')}
      </Button>
      <Group justify="space-between" wrap="nowrap">
        <Button
          variant={share.liked ? 'light' : 'default'}
          color={share.liked ? 'red' : undefined}
          leftSection={share.liked ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
          aria-pressed={share.liked}
          loading={like.isPending}
          disabled={!share.abilities.like}
          onClick={() => like.mutate(!share.liked, { onError: fail })}
        >
          {share.liked ? t('detail.liked') : t('detail.like')} · {share.likes_count}
        </Button>
        <Stack gap={2} align="flex-end">
          <HintTooltip label={t('detail.rateHint')} withArrow>
            <Rating
              value={share.my_rating ?? 0}
              onChange={(score) =>
                rate.mutate(score, {
                  onSuccess: () => notifications.show({ color: 'teal', message: t('detail.rated', { score }) }),
                  onError: fail,
                })
              }
              aria-label={t('detail.yourRating')}
              getSymbolLabel={(value) => t('detail.stars', { count: value })}
              readOnly={rate.isPending || !share.abilities.rate}
              // Read-only, Mantine draws no radios: the named stars are then one picture (the author's view).
              role={share.abilities.rate ? 'radiogroup' : 'img'}
            />
          </HintTooltip>
          <Text size="xs" c="dimmed">
            {share.my_rating
              ? t('detail.yourRatingIs', { score: share.my_rating })
              : // A signed-in reader who may not rate is the template's author (the server refuses it).
                t(share.abilities.like && !share.abilities.rate ? 'detail.notRatedOwn' : 'detail.notRated')}
          </Text>
        </Stack>
      </Group>
      {extra}
    </Stack>
  );
}
