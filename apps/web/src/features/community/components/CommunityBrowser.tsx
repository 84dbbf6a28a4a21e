import { Button, Center, Group, Pagination, Select, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertTriangle, IconMoodEmpty, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation, useSearchParams } from 'react-router';
import {
  listQueryParams,
  ORDERINGS,
  PAGE_SIZE,
  readListState,
  writeListState,
  type ListState,
} from '../api/community-list.ts';
import { useShares, type ShareOrdering } from '../api/list-shares.ts';
import { HotTagChips } from './HotTagChips.tsx';
import { ShareGrid } from './ShareGrid.tsx';

/**
 * Reads and writes the list's state in the URL, so the back button and links restore it. Updates
 * apply to the URL as it is when they run (a debounced search must not undo a tag picked meanwhile);
 * any change but paging goes back to page 1.
 */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  // From the address bar itself: React Router hands a functional update the params of the last
  // render, which a debounced search can run before (a tag picked meanwhile would be lost).
  // A change that leaves the address as it is navigates nowhere: a navigation would cancel one in flight.
  const update = (next: Partial<ListState>) => {
    const current = new URLSearchParams(window.location.search);
    const target = writeListState({ ...readListState(current), page: 1, ...next });
    if (target.toString() === current.toString()) return;
    setParams(target, { replace: next.q !== undefined });
  };
  return { ...state, search: state.q, state, update };
}

/**
 * The community: search, hot-tag filter, ordering and a paged grid of templates; `heading` off when the
 * page shows the title itself (above its tabs).
 */
export function CommunityBrowser({ heading = true }: { heading?: boolean }) {
  const { t } = useTranslation('community');
  const { search, tags, ordering, page, state, update } = useListParams();
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);
  const navigation = useNavigation();
  // A link to another page was clicked here (the router took it: its click was prevented). Noted at the
  // click itself, since a busy page may not have rendered the navigation's state when the search fires.
  const leaving = useRef(false);
  useEffect(() => {
    if (navigation.state === 'idle') leaving.current = false;
  }, [navigation.state]);
  const noteLeavingClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (event.defaultPrevented && link instanceof HTMLAnchorElement && link.pathname !== window.location.pathname)
      leaving.current = true;
  };
  // The search applies once typing pauses. Should a navigation be under way by then, a page being opened
  // (a template clicked) wins over the search, and a change of this list's own filters lands first.
  const commitSearch = useDebouncedCallback((q: string) => {
    if (leaving.current) return;
    if (navigation.state === 'idle') update({ q: q.trim() });
    else if (navigation.location.pathname === window.location.pathname) commitSearch(q);
  }, 350);
  const { data, isLoading, isError, refetch, isFetching } = useShares(listQueryParams(state));
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  const filtered = Boolean(search || tags.length);

  return (
    <Stack gap="lg" onClick={noteLeavingClick}>
      {heading && (
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {t('title')}
          </Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </Stack>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          flex="1 1 260px"
          leftSection={<IconSearch size={16} aria-hidden />}
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            commitSearch(event.currentTarget.value);
          }}
          type="search"
        />
        <Select
          w={{ base: '100%', xs: 200 }}
          label={t('filters.ordering')}
          data={ORDERINGS.map((value) => ({ value, label: t(`ordering.${value}`) }))}
          value={ordering}
          onChange={(value) => value && update({ ordering: value as ShareOrdering })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <HotTagChips selected={tags} onChange={(next) => update({ tags: next })} />
      {data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('resultCount', { count: data.count })}
        </Text>
      )}
      {isError ? (
        <Center py={60}>
          <Stack align="center" gap="sm">
            <ThemeIcon size={48} radius="xl" variant="light" color="red" aria-hidden>
              <IconAlertTriangle />
            </ThemeIcon>
            <Text>{t('error')}</Text>
            <Button variant="light" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Center>
      ) : data && data.count === 0 ? (
        <Center py={60}>
          <Stack align="center" gap="sm">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
              <IconMoodEmpty />
            </ThemeIcon>
            <Text fw={600}>{t('empty.title')}</Text>
            <Text c="dimmed" size="sm">
              {filtered ? t('empty.filtered') : t('empty.none')}
            </Text>
            {filtered && (
              <Button variant="light" onClick={() => update({ q: '', tags: [] })}>
                {t('empty.clear')}
              </Button>
            )}
          </Stack>
        </Center>
      ) : (
        <div
          style={{ opacity: isFetching && !isLoading ? 0.6 : 1, transition: 'opacity 150ms' }}
          aria-busy={isFetching}
          data-testid="share-results"
        >
          <ShareGrid shares={data?.results} loading={isLoading} />
        </div>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={(next) => {
              update({ page: next });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('pagination.page', { page: n }) })}
          />
        </Group>
      )}
    </Stack>
  );
}
