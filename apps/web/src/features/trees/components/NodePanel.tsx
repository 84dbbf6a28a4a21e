import {
  ActionIcon,
  Box,
  Button,
  ColorInput,
  Divider,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { ancestorIds } from '@arbor/tree-core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tree } from '../api/types.ts';
import { useTreesExtensions, type EditorExtensionContext } from '../extensions.ts';
import type { TreeDocument, TreeNode } from '../model/tree-document.ts';
import { indexTree } from '../model/tree-index.ts';
import type { EditorCommands } from '../state/commands.ts';
import { DraftTextField } from './DraftTextField.tsx';
import { EstimateField } from './EstimateField.tsx';
import { IconPicker } from './IconPicker.tsx';
import { LazyMarkdownPreview } from './LazyMarkdownPreview.tsx';
import { NODE_COLORS } from './node-icons.ts';
import { NodeImageField } from './NodeImageField.tsx';
import { NodeLinks } from './NodeLinks.tsx';
import { ResourcesEditor } from './ResourcesEditor.tsx';
import classes from './NodePanel.module.css';

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function ContentField({ node, commands, readOnly }: { node: TreeNode; commands?: EditorCommands; readOnly: boolean }) {
  const { t } = useTranslation('trees');
  const [mode, setMode] = useState<'write' | 'preview'>(readOnly ? 'preview' : 'write');
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          {t('panel.content')}
        </Text>
        {readOnly ? null : (
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(v) => setMode(v as 'write' | 'preview')}
            data={[
              { value: 'write', label: t('panel.write') },
              { value: 'preview', label: t('panel.preview') },
            ]}
          />
        )}
      </Group>
      {mode === 'write' && !readOnly ? (
        <DraftTextField
          label={null}
          value={node.content}
          readOnly={false}
          multiline
          minRows={6}
          maxLength={100_000}
          placeholder={t('panel.contentPlaceholder')}
          className={classes.mono}
          testId="node-content"
          onCommit={(content) => commands?.update(node.id, { content }, 'content') ?? false}
        />
      ) : node.content.trim() ? (
        <Box className={classes.preview}>
          <LazyMarkdownPreview source={node.content} />
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          {t('panel.noContent')}
        </Text>
      )}
    </Stack>
  );
}

interface NodePanelProps {
  tree: Tree;
  doc: TreeDocument;
  node: TreeNode;
  commands?: EditorCommands;
  readOnly: boolean;
  imageUrls: ReadonlyMap<number, string>;
  extensionContext: EditorExtensionContext | null;
  onClose: () => void;
}

/** Everything about the selected node: text, content with preview, look, resources, image, links. */
export function NodePanel({
  tree,
  doc,
  node,
  commands,
  readOnly,
  imageUrls,
  extensionContext,
  onClose,
}: NodePanelProps) {
  const { t } = useTranslation('trees');
  const extensions = useTreesExtensions();
  const index = indexTree(doc);
  const path = ancestorIds(index, node.id).map((id) => index.byId.get(id)?.title ?? '');
  const update = (patch: Partial<TreeNode>, key?: string) => commands?.update(node.id, patch, key) ?? false;
  const isRoot = node.parent_id === null;

  return (
    <div className={classes.panel} data-testid="node-panel" aria-label={t('panel.label')}>
      <Group justify="space-between" px="md" py="sm" wrap="nowrap" className={classes.header}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" truncate>
            {path.length ? path.join(' / ') : t('panel.rootNode')}
          </Text>
          <Title order={4} lineClamp={1}>
            {node.title}
          </Title>
        </Stack>
        <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('panel.close')}>
          <IconX size={18} />
        </ActionIcon>
      </Group>
      <ScrollArea className={classes.body} type="auto">
        <Stack gap="lg" p="md">
          <Stack gap="sm">
            <DraftTextField
              label={t('panel.title')}
              value={node.title}
              readOnly={readOnly}
              maxLength={200}
              required
              error={t('panel.titleRequired')}
              testId="node-title-field"
              onCommit={(title) => update({ title }, 'title')}
            />
            <DraftTextField
              label={t('panel.summary')}
              value={node.summary}
              readOnly={readOnly}
              multiline
              minRows={2}
              maxLength={1000}
              testId="node-summary-field"
              onCommit={(summary) => update({ summary }, 'summary')}
            />
            <EstimateField
              value={node.estimate_minutes}
              readOnly={readOnly}
              onChange={(estimate_minutes) => update({ estimate_minutes }, 'estimate')}
            />
          </Stack>
          {readOnly ? null : (
            <Group gap={6}>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => commands?.addChild(node.id)}
              >
                {t('actions.addChild')}
              </Button>
              <Tooltip label={t('actions.moveUp')}>
                <ActionIcon
                  variant="default"
                  disabled={isRoot}
                  onClick={() => commands?.reorder(node.id, -1)}
                  aria-label={t('actions.moveUp')}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('actions.moveDown')}>
                <ActionIcon
                  variant="default"
                  disabled={isRoot}
                  onClick={() => commands?.reorder(node.id, 1)}
                  aria-label={t('actions.moveDown')}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('actions.delete')}>
                <ActionIcon
                  variant="light"
                  color="red"
                  disabled={isRoot}
                  onClick={() => commands?.deleteSubtree(node.id)}
                  aria-label={t('actions.delete')}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
          {extensionContext
            ? extensions.map((ext) =>
                ext.nodePanel ? <Box key={ext.id}>{ext.nodePanel({ ...extensionContext, node, path })}</Box> : null,
              )
            : null}
          <ContentField key={node.id} node={node} commands={commands} readOnly={readOnly} />
          <Divider />
          <Section label={t('panel.appearance')}>
            <Group grow align="flex-start" gap="xs">
              <IconPicker value={node.icon} onChange={(icon) => update({ icon })} disabled={readOnly} />
              <ColorInput
                value={node.color ?? ''}
                format="hex"
                swatches={NODE_COLORS}
                swatchesPerRow={7}
                disabled={readOnly}
                aria-label={t('panel.color')}
                placeholder={t('panel.defaultColor')}
                withEyeDropper={false}
                onChange={(color) => {
                  if (color === '') update({ color: null });
                  else if (/^#[0-9a-fA-F]{6}$/.test(color)) update({ color: color.toLowerCase() }, 'color');
                }}
              />
            </Group>
          </Section>
          <Section label={t('panel.resources')}>
            <ResourcesEditor
              key={node.id}
              value={node.resources}
              readOnly={readOnly}
              onChange={(resources) => update({ resources }, 'resources')}
            />
          </Section>
          <Section label={t('panel.image')}>
            <NodeImageField
              treeId={tree.id}
              nodeId={node.id}
              imageId={node.image_id}
              imageUrl={node.image_id ? imageUrls.get(node.image_id) : undefined}
              readOnly={readOnly}
              onChange={(image_id) => update({ image_id })}
            />
          </Section>
          <Section label={t('panel.links')}>
            <NodeLinks key={node.id} doc={doc} nodeId={node.id} commands={commands} readOnly={readOnly} />
          </Section>
        </Stack>
      </ScrollArea>
    </div>
  );
}
