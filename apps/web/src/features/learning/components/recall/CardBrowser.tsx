import { CARD_KINDS, CARD_SORTS, type BulkCardAction, type Card, type CardSort, type CardState } from '@arbor/contract';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWN_CARDS_PAGE_SIZE, useBulkCards, useOwnCards, useTreeNodes, type CardFilters } from '../../api/useCards.ts';
import { CardRow, cardNodePath } from './CardList.tsx';
import { EditCardModal } from './EditCardModal.tsx';

const STATES: readonly CardState[] = ['new', 'learning', 'review', 'relearning'];
const DUE_WITHIN = ['0', '7', '30'] as const;
const LAPSES = ['1', '3', '5'] as const;
const ALL = 'all';
/** The bulk actions taken at once (move asks for a node, delete for a confirmation). */
const IMMEDIATE_ACTIONS = ['suspend', 'unsuspend', 'reset'] as const satisfies readonly BulkCardAction[];
/** The i18n key of each sort (a key cannot start with a minus). */
const SORT_KEYS = {
  created: 'created',
  '-created': 'desc_created',
  due: 'due',
  '-due': 'desc_due',
  lapses: 'lapses',
  '-lapses': 'desc_lapses',
  updated: 'updated',
  '-updated': 'desc_updated',
} as const satisfies Record<CardSort, string>;

/** A filter's Select: "All" first, then the choices; choosing "All" clears the filter. */
function FilterSelect({
  label,
  value,
  onChange,
  data,
  testId,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  data: { value: string; label: string }[];
  testId: string;
}) {
  const { t } = useTranslation('recall');
  return (
    <Select
      label={label}
      value={value ?? ALL}
      onChange={(next) => onChange(next && next !== ALL ? next : undefined)}
      data={[{ value: ALL, label: t('home.all') }, ...data]}
      allowDeselect={false}
      size="xs"
      data-testid={testId}
    />
  );
}

/** The filters over the list: search, state, kind, suspended, due, lapses and the sort. */
function Filters({ filters, onChange }: { filters: CardFilters; onChange: (next: CardFilters) => void }) {
  const { t } = useTranslation('recall');
  const set = (patch: Partial<CardFilters>) => onChange({ ...filters, ...patch });
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 7 }} spacing="xs">
      <FilterSelect
        label={t('home.filter')}
        value={filters.state}
        onChange={(v) => set({ state: v as CardState | undefined })}
        data={STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        testId="cards-state-filter"
      />
      <FilterSelect
        label={t('browser.kind')}
        value={filters.kind}
        onChange={(v) => set({ kind: v as CardFilters['kind'] })}
        data={CARD_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        testId="cards-kind-filter"
      />
      <FilterSelect
        label={t('browser.suspension')}
        value={filters.suspended === undefined ? undefined : String(filters.suspended)}
        onChange={(v) => set({ suspended: v === undefined ? undefined : v === 'true' })}
        data={[
          { value: 'false', label: t('browser.active') },
          { value: 'true', label: t('browser.suspendedOnly') },
        ]}
        testId="cards-suspended-filter"
      />
      <FilterSelect
        label={t('browser.due')}
        value={filters.due_within === undefined ? undefined : String(filters.due_within)}
        onChange={(v) => set({ due_within: v === undefined ? undefined : Number(v) })}
        data={DUE_WITHIN.map((d) => ({ value: d, label: t(`browser.dueWithin.${d}`) }))}
        testId="cards-due-filter"
      />
      <FilterSelect
        label={t('browser.lapses')}
        value={filters.lapses_min === undefined ? undefined : String(filters.lapses_min)}
        onChange={(v) => set({ lapses_min: v === undefined ? undefined : Number(v) })}
        data={LAPSES.map((n) => ({ value: n, label: t('browser.lapsesMin', { count: Number(n) }) }))}
        testId="cards-lapses-filter"
      />
      <Select
        label={t('browser.sort')}
        value={filters.sort ?? 'created'}
        onChange={(v) => set({ sort: (v ?? 'created') as CardFilters['sort'] })}
        data={CARD_SORTS.map((s) => ({ value: s, label: t(`browser.sorts.${SORT_KEYS[s]}`) }))}
        allowDeselect={false}
        size="xs"
        data-testid="cards-sort"
      />
    </SimpleGrid>
  );
}

/** Moves the selected cards to another node of their tree (chosen by title). */
function MoveModal({
  tree,
  onMove,
  onClose,
}: {
  tree: string | null;
  onMove: (node: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('recall');
  const nodes = useTreeNodes(tree);
  const [node, setNode] = useState<string | null>(null);
  return (
    <Modal opened={tree !== null} onClose={onClose} title={t('browser.moveTitle')}>
      <Stack>
        <Select
          label={t('browser.moveTo')}
          data={nodes.data ?? []}
          value={node}
          onChange={setNode}
          searchable
          disabled={!nodes.data}
          data-testid="cards-move-node"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('browser.cancel')}
          </Button>
          <Button disabled={node === null} onClick={() => node && onMove(node)} data-testid="cards-move-confirm">
            {t('browser.move')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * `/learn`'s card browser (Anki's Browse): search the fronts and backs, filter, sort, select cards and
 * suspend, unsuspend, reset, move or delete them at once.
 */
export function CardBrowser() {
  const { t } = useTranslation('recall');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [filters, setFilters] = useState<CardFilters>({});
  const [selected, setSelected] = useState<Map<number, Card>>(new Map());
  const [editing, setEditing] = useState<Card | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const cards = useOwnCards(page, { ...filters, q: q || undefined });
  const bulk = useBulkCards();
  const pages = cards.data ? Math.max(1, Math.ceil(cards.data.count / OWN_CARDS_PAGE_SIZE)) : 1;
  const shown = cards.data?.results ?? [];
  const allShown = shown.length > 0 && shown.every((card) => selected.has(card.id));
  const chosen = [...selected.values()];
  // Moving needs one tree: the node is chosen among its nodes (a template's cards stay on their nodes).
  const oneTree =
    chosen.length > 0 && chosen.every((c) => c.subject.kind === 'tree' && c.subject.uuid === chosen[0]!.subject.uuid)
      ? chosen[0]!.subject.uuid
      : null;

  const changeFilters = (next: CardFilters) => {
    setFilters(next);
    setPage(1);
  };
  const toggle = (card: Card) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(card.id)) next.delete(card.id);
      else next.set(card.id, card);
      return next;
    });
  const act = (action: BulkCardAction, node_id?: string) =>
    bulk.mutate(
      { ids: [...selected.keys()], action, node_id },
      {
        onSuccess: (result) => {
          setDone(t(`browser.done.${action}`, { count: result.count }));
          setSelected(new Map());
          setMoving(null);
          setDeleting(false);
        },
      },
    );

  return (
    <Stack gap="sm" data-testid="card-browser">
      <TextInput
        label={t('browser.search')}
        placeholder={t('browser.searchHint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        size="xs"
        maw={420}
        data-testid="cards-search"
      />
      <Filters filters={filters} onChange={changeFilters} />
      <Group gap="xs" justify="space-between">
        <Checkbox
          label={t('browser.selectPage')}
          checked={allShown}
          indeterminate={!allShown && shown.some((card) => selected.has(card.id))}
          onChange={() =>
            setSelected((current) => {
              const next = new Map(current);
              for (const card of shown) {
                if (allShown) next.delete(card.id);
                else next.set(card.id, card);
              }
              return next;
            })
          }
          disabled={shown.length === 0}
          size="xs"
          data-testid="cards-select-page"
        />
        <Text size="xs" c="dimmed" role="status" data-testid="cards-bulk-status">
          {done ?? ''}
        </Text>
      </Group>
      {selected.size > 0 ? (
        <Paper withBorder radius="sm" p="xs" data-testid="cards-bulk-bar">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {t('browser.selected', { count: selected.size })}
            </Text>
            {IMMEDIATE_ACTIONS.map((action) => (
              <Button
                key={action}
                size="compact-sm"
                variant="light"
                onClick={() => act(action)}
                loading={bulk.isPending}
                data-testid={`cards-bulk-${action}`}
              >
                {t(`browser.${action}`)}
              </Button>
            ))}
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => setMoving(oneTree)}
              disabled={oneTree === null}
              title={oneTree === null ? t('browser.moveOneTree') : undefined}
              data-testid="cards-bulk-move"
            >
              {t('browser.move')}
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => setDeleting(true)}
              data-testid="cards-bulk-delete"
            >
              {t('browser.delete')}
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => setSelected(new Map())}>
              {t('browser.clear')}
            </Button>
          </Group>
          {bulk.isError ? (
            <Text size="xs" c="red" role="alert" mt={4}>
              {t('browser.failed')}
            </Text>
          ) : null}
        </Paper>
      ) : null}
      {cards.isPending ? (
        <Skeleton h={120} radius="md" />
      ) : cards.isError ? (
        <Text c="red" role="alert">
          {t('home.loadFailed')}
        </Text>
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="own-cards-empty">
          {q || Object.values(filters).some((v) => v !== undefined) ? t('browser.noMatch') : t('home.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="own-cards">
          {shown.map((card) => (
            <CardRow
              key={card.id}
              card={card}
              onEdit={setEditing}
              leading={
                <Checkbox
                  aria-label={t('browser.select')}
                  checked={selected.has(card.id)}
                  onChange={() => toggle(card)}
                  mt={2}
                  data-testid="card-select"
                />
              }
              extra={
                <Anchor component={Link} to={cardNodePath(card)} size="xs" lineClamp={1}>
                  {card.subject.title}
                </Anchor>
              }
            />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          aria-label={t('home.pages')}
          getControlProps={(control) => ({ 'aria-label': control })}
        />
      ) : null}
      <EditCardModal card={editing} onClose={() => setEditing(null)} />
      {moving !== null ? (
        <MoveModal tree={moving} onMove={(node) => act('move', node)} onClose={() => setMoving(null)} />
      ) : null}
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('browser.deleteTitle', { count: selected.size })}
      >
        <Stack>
          <Text size="sm">{t('browser.deleteBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              {t('browser.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => act('delete')}
              loading={bulk.isPending}
              data-testid="cards-delete-confirm"
            >
              {t('browser.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
