import { ActionIcon, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconLink, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LINK_RELATIONS, linkForRelation, type LinkRelation } from '../model/link-relation.ts';
import type { LinkKind, TreeDocument, TreeLink } from '../model/tree-document.ts';
import { indexTree } from '../model/tree-index.ts';
import type { EditorCommands } from '../state/commands.ts';

const KIND_COLOR: Record<LinkKind, string> = { prerequisite: 'orange', related: 'grape' };

/** A link in plain words: which of the two is learnt first, or that the two are related. */
function describeLink(t: TFunction<'trees'>, link: TreeLink, title: (id: string) => string): string {
  return link.kind === 'prerequisite'
    ? t('links.before', { first: title(link.source), then: title(link.target) })
    : t('links.relatedPair', { a: title(link.source), b: title(link.target) });
}

/**
 * Prerequisite/related links of one node, both directions, with add and remove. The form reads from
 * this node ("needs X first", "comes before X", "related to X") and says in words which one comes first.
 */
export function NodeLinks({
  doc,
  nodeId,
  commands,
  readOnly,
}: {
  doc: TreeDocument;
  nodeId: string;
  commands?: EditorCommands;
  readOnly: boolean;
}) {
  const { t } = useTranslation('trees');
  const index = indexTree(doc);
  const [target, setTarget] = useState<string | null>(null);
  const [relation, setRelation] = useState<LinkRelation>('needs');
  const [adding, setAdding] = useState(false);
  const links = doc.links.filter((l) => l.source === nodeId || l.target === nodeId);
  // Every node is a candidate: build that list only while the user is adding a link, not on each
  // edit of a 2,000-node tree.
  const options = useMemo(
    () => (adding ? doc.nodes.filter((n) => n.id !== nodeId).map((n) => ({ value: n.id, label: n.title })) : []),
    [adding, doc.nodes, nodeId],
  );
  const title = (id: string) => index.byId.get(id)?.title ?? id;
  const planned = target ? linkForRelation(nodeId, target, relation) : null;

  return (
    <Stack gap="xs">
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('panel.noLinks')}
        </Text>
      ) : null}
      {links.map((l) => (
        <Group key={`${l.source}>${l.target}`} gap={6} wrap="nowrap">
          <Badge size="xs" variant="light" color={KIND_COLOR[l.kind]}>
            {t(`links.${l.kind}`)}
          </Badge>
          <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="link-line">
            {describeLink(t, l, title)}
          </Text>
          {readOnly || !commands ? null : (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red"
              aria-label={t('panel.removeLink')}
              onClick={() => commands.unlink(l.source, l.target)}
            >
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {readOnly || !commands ? null : !adding ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconLink size={14} />}
          onClick={() => setAdding(true)}
          style={{ alignSelf: 'flex-start' }}
          data-testid="add-link"
        >
          {t('panel.addLink')}
        </Button>
      ) : (
        <Stack gap={6} data-testid="link-form">
          <Group gap={6} wrap="nowrap" align="flex-end">
            <Select
              size="xs"
              w={120}
              value={relation}
              onChange={(v) => setRelation((v as LinkRelation | null) ?? 'needs')}
              allowDeselect={false}
              aria-label={t('panel.linkKind')}
              data={LINK_RELATIONS.map((value) => ({ value, label: t(`panel.relation.${value}`) }))}
            />
            <Select
              size="xs"
              style={{ flex: 1, minWidth: 0 }}
              searchable
              limit={50}
              data={options}
              value={target}
              onChange={setTarget}
              placeholder={t('panel.linkTarget')}
              aria-label={t('panel.linkTarget')}
              nothingFoundMessage={t('search.none')}
            />
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between" align="center">
            <Text size="xs" c="dimmed" aria-live="polite" data-testid="link-sentence" style={{ minWidth: 0 }}>
              {planned ? describeLink(t, planned, title) : null}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconLink size={14} />}
              disabled={!planned}
              style={{ flexShrink: 0 }}
              onClick={() => {
                if (planned && commands.link(planned.source, planned.target, planned.kind)) {
                  setTarget(null);
                  setAdding(false);
                }
              }}
            >
              {t('panel.addLink')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
