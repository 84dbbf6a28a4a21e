import type { UserSummary } from '@arbor/contract';
import { Anchor, Avatar, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mediumDate } from '../../../lib/medium-date.ts';

/** A medium date in the UI language (lib/medium-date.ts). */
export function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string) => mediumDate(iso, i18n.language);
}

/** Avatar, the author's name linking to their page (`/u/:username`), then what follows (date, marks). */
export function AuthorByline({ author, children }: { author: UserSummary; children?: ReactNode }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Avatar src={author.avatar_url} size={28} radius="xl" alt="" />
      <Anchor component={Link} to={`/u/${encodeURIComponent(author.username)}`} fw={600} size="sm">
        {author.username}
      </Anchor>
      {children ? (
        <Text size="xs" c="dimmed" component="span">
          {children}
        </Text>
      ) : null}
    </Group>
  );
}
