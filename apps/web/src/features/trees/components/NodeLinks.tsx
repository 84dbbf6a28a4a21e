import { ActionIcon, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconLink, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkKind, TreeDocument } from '../model/tree-document.ts';
import { indexTree } from '../model/tree-index.ts';
import type { EditorCommands } from '../state/commands.ts';

const KIND_COLOR: Record<LinkKind, string> = { prerequisite: 'orange', related: 'grape' };

/** Prerequisite/related links of one node, both directions, with add and remove. */
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
  const [kind, setKind] = useState<LinkKind>('prerequisite');
  const [adding, setAdding] = useState(false);
  const links = doc.links.filter((l) => l.source === nodeId || l.target === nodeId);
  // Every node is a candidate: build that list only while the user is adding a link, not on each
  // edit of a 2,000-node tree.
  const options = useMemo(
    () => (adding ? doc.nodes.filter((n) => n.id !== nodeId).map((n) => ({ value: n.id, label: n.title })) : []),
    [adding, doc.nodes, nodeId],
  );
  const title = (id: string) => index.byId.get(id)?.title ?? id;

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
          <Text size="sm" truncate style={{ flex: 1 }}>
            {title(l.source)} <IconArrowRight size={12} style={{ verticalAlign: -1 }} /> {title(l.target)}
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
        <Group gap={6} wrap="nowrap" align="flex-end">
          <Select
            size="xs"
            style={{ flex: 1 }}
            searchable
            limit={50}
            data={options}
            value={target}
            onChange={setTarget}
            placeholder={t('panel.linkTarget')}
            aria-label={t('panel.linkTarget')}
            nothingFoundMessage={t('search.none')}
          />
          <Select
            size="xs"
            w={110}
            value={kind}
            onChange={(v) => setKind((v as LinkKind) ?? 'prerequisite')}
            allowDeselect={false}
            aria-label={t('panel.linkKind')}
            data={[
              { value: 'prerequisite', label: t('links.prerequisite') },
              { value: 'related', label: t('links.related') },
            ]}
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconLink size={14} />}
            disabled={!target}
            onClick={() => {
              if (target && commands.link(nodeId, target, kind)) {
                setTarget(null);
                setAdding(false);
              }
            }}
          >
            {t('panel.addLink')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
