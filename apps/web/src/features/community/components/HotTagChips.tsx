import { Chip, Group, Skeleton } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { HOT_TAG_CHIPS } from '../api/community-list.ts';
import { useHotTags } from '../api/hot-tags.ts';
import classes from './HotTagChips.module.css';

/** The most used tags as toggle chips; selected tags filter the list (all must match). */
export function HotTagChips({
  selected,
  onChange,
  limit = HOT_TAG_CHIPS,
}: {
  selected: string[];
  onChange: (tags: string[]) => void;
  limit?: number;
}) {
  const { t } = useTranslation('community');
  // Deferred like the share cards: thirty chips render in short tasks when the answer arrives.
  const { data, isLoading } = useDeferredValue(useHotTags(limit));
  if (isLoading) {
    return (
      <Group gap="xs">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h={26} w={70} radius="xl" />
        ))}
      </Group>
    );
  }
  const lower = selected.map((s) => s.toLowerCase());
  const tags = [
    ...(data ?? []).map((d) => d.tag),
    ...selected.filter((s) => !(data ?? []).some((d) => d.tag.toLowerCase() === s.toLowerCase())),
  ];
  return (
    <Chip.Group multiple value={tags.filter((tag) => lower.includes(tag.toLowerCase()))} onChange={onChange}>
      <div className={classes.row} role="group" aria-label={t('filters.hotTags')}>
        {tags.map((tag) => (
          <Chip key={tag} value={tag} size="sm" variant="light">
            {tag}
          </Chip>
        ))}
      </div>
    </Chip.Group>
  );
}
