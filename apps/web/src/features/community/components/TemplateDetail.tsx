import type { ShareWithData } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Tabs,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconEdit,
  IconEye,
  IconGitFork,
  IconGitPullRequest,
  IconHeart,
  IconLayoutSidebarRight,
  IconSitemap,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LazyTreeViewer } from '../../trees/index.ts';
import { useHoldFirstContent } from '../../../lib/first-content.ts';
import { useViewportAtMost } from '../../../lib/viewport.ts';
import { useKeyText } from '../../../lib/use-key-text.ts';
import { useShare } from '../api/get-share.ts';
import { useCountedViews, useCountView, useDeleteShare } from '../api/share-actions.ts';
import { NodeDiscussionProvider } from './discussion/NodeDiscussionProvider.tsx';
import { Contributors } from './history/Contributors.tsx';
import { EmbedButton } from './EmbedButton.tsx';
import { ReportButton } from './report/ReportButton.tsx';
import { ShareEditModal } from './ShareEditModal.tsx';
import { useActiveTabInView } from './active-tab-in-view.ts';
import { useTemplateTabs } from './template-tabs.ts';
import { useTemplateTabEntries } from '../template-tab-slot.ts';
import { registerCommunityTemplateTabs } from './template-tabs-builtin.tsx';
import { TemplateActions } from './TemplateActions.tsx';
import { TabPanel } from '../../../lib/TabPanel.tsx';
import { authorPath } from '../paths.ts';
import classes from './TemplateDetail.module.css';
import { mediumDate } from '../../../lib/medium-date.ts';

// Markdown rendering loads when a reader first opens a node, not with the page.
const TemplateNodeDrawer = lazy(() =>
  import('./TemplateNodeDrawer.tsx').then((m) => ({ default: m.TemplateNodeDrawer })),
);
// The outline and its Markdown load when the Outline tab is chosen.
const TemplateOutline = lazy(() => import('./TemplateOutline.tsx').then((m) => ({ default: m.TemplateOutline })));
const SuggestDialog = lazy(() => import('./suggestions/SuggestDialog.tsx').then((m) => ({ default: m.SuggestDialog })));
registerCommunityTemplateTabs();

/** The ids of the page's tabs and of the tree card's (canvas, outline): their panels are rendered apart. */
const PAGE_TABS = 'template-tabs';
const TREE_TABS = 'template-tree-tabs';
/** The node drawer's width over the canvas (wide screens); the canvas fits the tree beside it. */
const NODE_DRAWER_WIDTH = 340;

// One view per page open, even when React runs effects twice in development.
const countedThisSession = new Set<string>();

function Stat({ icon, label, value }: { icon: React.ReactNode; label: string; value: string | number }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="xs" wrap="nowrap">
        {icon}
        <Stack gap={0}>
          <Text fw={700}>{value}</Text>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * Counts one view of the template once it is shown. Its own component, so that the request's state
 * changes re-render nothing else.
 */
/** The views figure, with this visit's view once the server has counted it. */
function ViewsStat({ uuid, share }: { uuid: string; share: ShareWithData }) {
  const { t } = useTranslation('community');
  const views = useCountedViews(uuid) ?? share.views_count;
  return <Stat icon={<IconEye size={18} aria-hidden />} label={t('stats.views')} value={views} />;
}

function ViewCounter({ uuid }: { uuid: string }) {
  const { mutate: countView } = useCountView(uuid);
  useEffect(() => {
    if (countedThisSession.has(uuid)) return;
    countedThisSession.add(uuid);
    countView();
  }, [uuid, countView]);
  return null;
}

function OwnerTools({ share }: { share: ShareWithData }) {
  const { t } = useTranslation('community');
  const navigate = useNavigate();
  const [editing, edit] = useDisclosure(false);
  const remove = useDeleteShare(share.uuid);
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('detail.unshareTitle'),
      children: <Text size="sm">{t('detail.unshareBody')}</Text>,
      labels: { confirm: t('detail.unshare'), cancel: t('actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('detail.unshared') });
            void navigate('/community');
          },
        }),
    });
  return (
    <Group gap="xs">
      {share.abilities.update && (
        <Button variant="default" size="xs" leftSection={<IconEdit size={14} aria-hidden />} onClick={edit.open}>
          {t('detail.edit')}
        </Button>
      )}
      {share.abilities.delete && (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={confirmRemove}
          loading={remove.isPending}
        >
          {t('detail.unshare')}
        </Button>
      )}
      {editing && <ShareEditModal share={share} opened={editing} onClose={edit.close} />}
    </Group>
  );
}

/**
 * The template canvas's node drawer: a click on a node opens it (on a phone it only selects, and a
 * button opens it), a click on the empty canvas closes it.
 */
function useNodeDrawer(doc: TreeDocument | undefined, focus: string | null) {
  const phone = useViewportAtMost(640);
  // A deep link's node (`?node=`) opens selected on the canvas: the page knows it is selected too.
  const [selectedId, setSelectedId] = useState<string | null>(focus);
  const [linked, setLinked] = useState(focus);
  if (focus !== linked) {
    setLinked(focus);
    setSelectedId(focus);
  }
  const [opened, setOpened] = useState(false);
  const open = useCallback(
    (id: string) => {
      setSelectedId(id);
      if (!phone) setOpened(true);
    },
    [phone],
  );
  const select = useCallback((id: string | null) => {
    setSelectedId(id);
    if (!id) setOpened(false);
  }, []);
  const selected = useMemo(
    () => (selectedId ? (doc?.nodes.find((node) => node.id === selectedId) ?? null) : null),
    [doc, selectedId],
  );
  const inset = opened && selected && !phone ? NODE_DRAWER_WIDTH : 0;
  return { phone, selected, opened, setOpened, open, select, inset };
}

const useNoCanvasTarget = (): string | null => null;

interface TemplateDetailProps {
  uuid: string;
  /** what the page adds under the template's header (e.g. learning mode's toggle and progress) */
  headerExtra?: ReactNode;
  /** what the page adds under the canvas (e.g. learning mode's details of the selected node) */
  canvasExtra?: ReactNode;
  /**
   * what the page adds at the canvas's foot, inside its frame (learning mode's status bar): in view
   * with the tree on any screen, never over a node
   */
  canvasFooter?: ReactNode;
  /**
   * a hook naming the node the canvas opens around when the page knows one (learning mode's next
   * node to learn); a deep link's node wins
   */
  useCanvasTarget?: () => string | null;
  /** what the page puts before each node of the outline (learning mode's checkbox) */
  outlineMark?: (node: { id: string; title: string; parent_id: string | null }) => ReactNode;
  /** what the page adds to the template's actions (e.g. "Add to collection") */
  actionsExtra?: ReactNode;
}

/** `/community/:uuid`: the template, its tree, its author, and what a learner can do with it. */
export function TemplateDetail({
  uuid,
  headerExtra,
  canvasExtra,
  canvasFooter,
  outlineMark,
  actionsExtra,
  useCanvasTarget = useNoCanvasTarget,
}: TemplateDetailProps) {
  const canvasTarget = useCanvasTarget();
  const { t, i18n } = useTranslation('community');
  // The answer arrives as a synchronous update; deferred, the tree and its canvas render in short
  // interruptible tasks instead of one long one.
  const { data: share, isLoading, isError, error } = useDeferredValue(useShare(uuid));
  useHoldFirstContent(!isLoading);
  const slotTabs = useTemplateTabEntries();
  const tabs = useTemplateTabs(useMemo(() => ['tree', ...slotTabs.map((tab) => tab.id)], [slotTabs]));
  const [treeView, setTreeView] = useState('canvas');
  const text = useKeyText();
  const canvas = useNodeDrawer(share?.data, tabs.focus);
  const tabList = useActiveTabInView<HTMLDivElement>(tabs.tab, Boolean(share));
  const { t: tr } = useTranslation('reviews');
  const [suggestingOpened, suggestingHandlers] = useDisclosure(false);
  const suggesting = { opened: suggestingOpened, ...suggestingHandlers };

  if (isLoading) {
    return (
      <Stack>
        <Skeleton h={36} w="60%" />
        <Skeleton h={18} w="40%" />
        <Skeleton h={360} />
      </Stack>
    );
  }
  if (isError || !share) {
    // An address that names no template (`/community/not-a-uuid` too, which the API refuses as a bad
    // id) is "not found", not a failure to retry.
    const status = (error as { status?: number } | null)?.status;
    const missing = status === 404 || status === 400;
    return (
      <Alert
        color={missing ? 'gray' : 'red'}
        icon={<IconAlertTriangle aria-hidden />}
        title={missing ? t('detail.notFound') : t('error')}
      >
        <Button component={Link} to="/community" variant="light" mt="sm">
          {t('detail.back')}
        </Button>
      </Alert>
    );
  }

  const nodes = share.data.nodes;
  const date = mediumDate(share.updated_at, i18n.language);
  return (
    <Stack gap="lg">
      <ViewCounter uuid={uuid} />
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={1} fz="h2">
            {share.title}
          </Title>
          <Group gap={4} wrap="nowrap">
            <EmbedButton uuid={share.uuid} title={share.title} />
            {share.abilities.report ? (
              <ReportButton target={{ kind: 'share', id: share.id }} label={tr('report.template')} />
            ) : null}
          </Group>
        </Group>
        <Group gap="xs">
          <Avatar src={share.author.avatar_url} size={24} radius="xl" alt="" />
          <Anchor component={Link} to={authorPath(share.author.username)} size="sm">
            {t('detail.by', { author: share.author.username })}
          </Anchor>
          <Text size="sm" c="dimmed">
            · {t('detail.updated', { date })}
          </Text>
        </Group>
        <Group gap={6}>
          {share.tags.map((tag) => (
            <Badge
              key={tag}
              component={Link}
              to={`/community?tags=${encodeURIComponent(tag)}`}
              variant="light"
              tt="none"
              style={{ cursor: 'pointer' }}
            >
              {tag}
            </Badge>
          ))}
        </Group>
        {share.description && <Text mt="xs">{share.description}</Text>}
        {headerExtra}
      </Stack>
      <Grid gap="xl">
        {/* The tree comes first on every screen; the actions and the stats follow it on a phone. */}
        <Grid.Col span={{ base: 12, md: 8 }}>
          {/* The panels are outside the tabs (lib/TabPanel.tsx): the canvas the server drew survives hydration. */}
          <Tabs id={PAGE_TABS} value={tabs.tab} onChange={(value) => value && tabs.setTab(value)} variant="outline">
            <Tabs.List mb="md" aria-label={tr('tabs.label')} className={classes.tabList} ref={tabList}>
              <Tabs.Tab value="tree">{tr('tabs.tree')}</Tabs.Tab>
              {slotTabs.map((tab) => (
                <Tabs.Tab key={tab.id} value={tab.id}>
                  {text(tab.labelKey)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <TabPanel tabs={PAGE_TABS} value="tree" active={tabs.tab === 'tree'}>
            <NodeDiscussionProvider share={uuid} onOpen={tabs.showDiscussion}>
              <Card withBorder padding="md" radius="md">
                <Group justify="space-between" mb="sm" gap="xs">
                  <Title order={2} fz="h4">
                    {t('detail.tree')}
                  </Title>
                  <Tabs id={TREE_TABS} value={treeView} onChange={(value) => value && setTreeView(value)}>
                    <Tabs.List className={classes.tabList}>
                      <Tabs.Tab value="canvas">{t('detail.canvas')}</Tabs.Tab>
                      <Tabs.Tab value="outline">{t('detail.outline')}</Tabs.Tab>
                    </Tabs.List>
                  </Tabs>
                </Group>
                <TabPanel tabs={TREE_TABS} value="canvas" active={treeView === 'canvas'}>
                  <Box className={`${classes.canvas} ${classes.canvasFrame}`}>
                    <Box className={classes.canvasArea}>
                      {/* The canvas (React Flow) loads once the page is on screen: the title, description and
                        stats paint as soon as the template's data is in. */}
                      <Suspense fallback={<Skeleton h="100%" radius="md" />}>
                        <LazyTreeViewer
                          key={`${share.updated_at}:${tabs.focus ?? ''}`}
                          doc={share.data}
                          focusId={tabs.focus}
                          onNodeOpen={canvas.open}
                          onSelectionChange={canvas.select}
                          insetRight={canvas.inset}
                          fit="legible"
                          centreOn={canvasTarget}
                        />
                      </Suspense>
                      {canvas.selected && canvas.phone && !canvas.opened ? (
                        // On a phone a tap selects (learning mode acts on it); the details are one more tap.
                        <Button
                          size="xs"
                          variant="default"
                          className={classes.openDetails}
                          leftSection={<IconLayoutSidebarRight size={14} aria-hidden />}
                          onClick={() => canvas.setOpened(true)}
                          data-testid="template-node-open"
                        >
                          {t('nodeDrawer.open')}
                        </Button>
                      ) : null}
                      {canvas.selected && canvas.opened ? (
                        <Suspense fallback={null}>
                          <TemplateNodeDrawer
                            node={canvas.selected}
                            imageUrl={share.images[canvas.selected.id]}
                            phone={canvas.phone}
                            onClose={() => canvas.setOpened(false)}
                          />
                        </Suspense>
                      ) : null}
                    </Box>
                    {canvasFooter}
                  </Box>
                  {canvasExtra ? <Box mt="md">{canvasExtra}</Box> : null}
                </TabPanel>
                <TabPanel tabs={TREE_TABS} value="outline" active={treeView === 'outline'}>
                  <Suspense fallback={<Skeleton h={240} radius="md" />}>
                    <TemplateOutline nodes={nodes} mark={outlineMark} />
                  </Suspense>
                </TabPanel>
              </Card>
            </NodeDiscussionProvider>
          </TabPanel>
          {slotTabs.map((tab) => (
            <TabPanel key={tab.id} tabs={PAGE_TABS} value={tab.id} active={tabs.tab === tab.id}>
              <Suspense fallback={<Skeleton h={240} radius="md" />}>
                {tab.render({ share, uuid, place: tabs })}
              </Suspense>
            </TabPanel>
          ))}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" pos="sticky" top={90}>
            <Card withBorder padding="md" radius="md">
              <TemplateActions share={share} extra={actionsExtra} />
              {share.abilities.suggest ? (
                <Button
                  variant="light"
                  fullWidth
                  mt="sm"
                  leftSection={<IconGitPullRequest size={16} aria-hidden />}
                  onClick={suggesting.open}
                  data-testid="suggest-edit"
                >
                  {tr('suggestions.suggest.button')}
                </Button>
              ) : null}
            </Card>
            {suggesting.opened ? (
              <Suspense fallback={null}>
                <SuggestDialog
                  share={share}
                  onClose={suggesting.close}
                  onCreated={(id) => {
                    suggesting.close();
                    tabs.showSuggestion(id);
                  }}
                />
              </Suspense>
            ) : null}
            <SimpleGrid cols={2} spacing="sm">
              <Stat
                icon={<IconStar size={18} aria-hidden />}
                label={t('stats.ratings', { count: share.rating_count })}
                value={share.rating_count ? share.rating_avg.toFixed(2) : '—'}
              />
              <Stat icon={<IconHeart size={18} aria-hidden />} label={t('stats.likes')} value={share.likes_count} />
              <ViewsStat uuid={uuid} share={share} />
              <Stat icon={<IconGitFork size={18} aria-hidden />} label={t('stats.uses')} value={share.uses_count} />
              <Stat icon={<IconSitemap size={18} aria-hidden />} label={t('stats.nodes')} value={share.node_count} />
            </SimpleGrid>
            <Contributors users={share.contributors} />
            {(share.abilities.update || share.abilities.delete) && <OwnerTools share={share} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
