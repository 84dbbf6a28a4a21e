import type { TreeNode } from '@arbor/tree-core';
import { Anchor, Box, Collapse, Group, List, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconLink } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../trees/index.ts';
import classes from './TemplateOutline.module.css';

type OutlineNode = Pick<TreeNode, 'id' | 'parent_id' | 'title' | 'summary' | 'content' | 'resources'>;
/** What a page draws before a node's title (learning mode's checkbox): a checklist of the tree. */
export type OutlineMark = (node: Pick<TreeNode, 'id' | 'title' | 'parent_id'>) => ReactNode;

function OutlineItem({
  node,
  childrenOf,
  depth,
  mark,
}: {
  node: OutlineNode;
  childrenOf: Map<string, OutlineNode[]>;
  depth: number;
  mark?: OutlineMark;
}) {
  const { t } = useTranslation('community');
  const kids = childrenOf.get(node.id) ?? [];
  const [open, setOpen] = useState(depth < 1);
  const hasDetail = Boolean(node.content || node.resources?.length);
  const [detail, setDetail] = useState(false);
  // A node's Markdown is rendered once its detail is first opened, not for every node up front.
  const [detailSeen, setDetailSeen] = useState(false);
  return (
    <li className={classes.item}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        {kids.length > 0 ? (
          <UnstyledButton
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-label={
              open ? t('outline.collapse', { title: node.title }) : t('outline.expand', { title: node.title })
            }
            className={classes.toggle}
          >
            <IconChevronRight size={16} className={open ? classes.open : undefined} aria-hidden />
          </UnstyledButton>
        ) : (
          <Box w={22} />
        )}
        {mark ? mark(node) : null}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <UnstyledButton
            onClick={() => {
              if (!hasDetail) return;
              setDetailSeen(true);
              setDetail((d) => !d);
            }}
            aria-expanded={hasDetail ? detail : undefined}
            disabled={!hasDetail}
          >
            <Text fw={depth === 0 ? 700 : 600} size={depth === 0 ? 'lg' : 'sm'}>
              {node.title}
              {kids.length > 0 && (
                <Text span c="dimmed" size="xs" ml={6}>
                  {kids.length}
                </Text>
              )}
            </Text>
          </UnstyledButton>
          {node.summary && (
            <Text size="sm" c="dimmed">
              {node.summary}
            </Text>
          )}
          <Collapse expanded={detail}>
            <Box className={classes.content}>
              {detailSeen && node.content ? <MarkdownPreview source={node.content} /> : null}
              {node.resources && node.resources.length > 0 && (
                <List size="sm" spacing={4} icon={<IconLink size={14} aria-hidden />}>
                  {node.resources.map((r) => (
                    <List.Item key={r.url}>
                      <Anchor href={r.url} target="_blank" rel="noopener nofollow noreferrer">
                        {r.title}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              )}
            </Box>
          </Collapse>
        </Stack>
      </Group>
      {kids.length > 0 && (
        <Collapse expanded={open}>
          <ul className={classes.list}>
            {kids.map((kid) => (
              <OutlineItem key={kid.id} node={kid} childrenOf={childrenOf} depth={depth + 1} mark={mark} />
            ))}
          </ul>
        </Collapse>
      )}
    </li>
  );
}

/**
 * The template as a nested, collapsible outline: readable on a phone and by a screen reader; with a
 * `mark` (learning mode's checkbox and status) before each node, a checklist of the tree.
 */
export function TemplateOutline({ nodes, mark }: { nodes: OutlineNode[]; mark?: OutlineMark }) {
  const { root, childrenOf } = useMemo(() => {
    const map = new Map<string, OutlineNode[]>();
    let rootNode: OutlineNode | undefined;
    for (const node of nodes) {
      if (node.parent_id === null) rootNode = node;
      else map.set(node.parent_id, [...(map.get(node.parent_id) ?? []), node]);
    }
    return { root: rootNode, childrenOf: map };
  }, [nodes]);
  if (!root) return null;
  return (
    <ul className={classes.list} data-root>
      <OutlineItem node={root} childrenOf={childrenOf} depth={0} mark={mark} />
    </ul>
  );
}
