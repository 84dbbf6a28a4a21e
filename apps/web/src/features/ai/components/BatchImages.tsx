import { MAX_IMAGE_BATCH, type GenerateImagesBatchResponse } from '@arbor/contract';
import { Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPhotoAi, IconX } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRememberNodeImage, type NodePanelExtensionContext } from '../../trees/index.ts';
import { generateImagesBatch, isStoredImage } from '../api/images.ts';
import { AiProblemAlert } from './AiProblemAlert.tsx';
import { imagePromptFor } from './ImageGenerator.tsx';
import { useAiAction } from './useAiAction.ts';

interface ItemResult {
  title: string;
  error: string | null;
}

/** Images for the node's children in one batch call (the API takes up to 10); each child's outcome is listed. */
export function BatchImages({ ctx }: { ctx: NodePanelExtensionContext }) {
  const { t } = useTranslation('ai');
  const { tree, doc, node, path, commands } = ctx;
  const children = doc.nodes.filter((n) => n.parent_id === node.id).slice(0, MAX_IMAGE_BATCH);
  const remember = useRememberNodeImage(tree.id);
  const run = useCallback(
    (signal: AbortSignal, items: Array<{ prompt: string; node_id: string }>): Promise<GenerateImagesBatchResponse> =>
      generateImagesBatch(
        items.map((item) => ({ ...item, tree: tree.id })),
        signal,
      ),
    [tree.id],
  );
  const { execute, pending, problem } = useAiAction(run);
  const [results, setResults] = useState<ItemResult[] | null>(null);

  if (!children.length) return null;

  const submit = async () => {
    setResults(null);
    const targets = children.map((child) => ({ child, prompt: imagePromptFor([...path, node.title], child.title) }));
    const answer = await execute(targets.map(({ child, prompt }) => ({ prompt, node_id: child.id })));
    if (!answer) return;
    setResults(
      answer.results.map((result) => {
        const target = targets[result.index]!;
        if ('error' in result) return { title: target.child.title, error: result.error.detail };
        if (isStoredImage(result.image)) {
          remember(result.image);
          commands.update(target.child.id, { image_id: result.image.id });
        }
        return { title: target.child.title, error: null };
      }),
    );
  };

  return (
    <Stack gap={6} align="flex-start">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPhotoAi size={14} />}
        loading={pending}
        onClick={() => void submit()}
        data-testid="ai-batch-images"
      >
        {t('image.batch', { count: children.length })}
      </Button>
      {problem ? <AiProblemAlert problem={problem} /> : null}
      {results ? (
        <List size="xs" spacing={4} data-testid="ai-batch-results">
          {results.map((r, i) => (
            <List.Item
              key={i}
              icon={
                <ThemeIcon size={16} radius="xl" color={r.error ? 'red' : 'teal'}>
                  {r.error ? <IconX size={10} /> : <IconCheck size={10} />}
                </ThemeIcon>
              }
            >
              <Text size="xs" span fw={500}>
                {r.title}
              </Text>
              {r.error ? <Text size="xs" span c="red">{` — ${r.error}`}</Text> : null}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
