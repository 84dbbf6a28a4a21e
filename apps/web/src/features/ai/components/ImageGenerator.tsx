import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPhotoAi } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRememberNodeImage, type NodePanelExtensionContext } from '../../trees/index.ts';
import { generateImage, isStoredImage } from '../api/images.ts';
import { AiProblemAlert } from './AiProblemAlert.tsx';
import { useAiAction } from './useAiAction.ts';

/** The prompt an image starts from: the node in its context, root first. */
export const imagePromptFor = (path: string[], title: string) => [...path, title].join(' / ');

/** "Generate image": the result is stored as a node image and becomes this node's image (one undo step). */
export function ImageGenerator({ ctx }: { ctx: NodePanelExtensionContext }) {
  const { t } = useTranslation('ai');
  const { tree, node, path, commands } = ctx;
  const [prompt, setPrompt] = useState(() => imagePromptFor(path, node.title));
  const remember = useRememberNodeImage(tree.id);
  const run = useCallback(
    (signal: AbortSignal, text: string) => generateImage({ prompt: text, tree: tree.id, node_id: node.id }, signal),
    [tree.id, node.id],
  );
  const { execute, pending, problem } = useAiAction(run);
  const [attached, setAttached] = useState(false);

  const submit = async () => {
    setAttached(false);
    const answer = await execute(prompt.trim());
    if (answer && isStoredImage(answer.image)) {
      remember(answer.image);
      commands.update(node.id, { image_id: answer.image.id });
      setAttached(true);
    }
  };

  return (
    <Stack gap={6}>
      <Textarea
        size="xs"
        autosize
        minRows={2}
        maxRows={5}
        maxLength={4000}
        label={t('image.prompt')}
        value={prompt}
        onChange={(e) => setPrompt(e.currentTarget.value)}
        data-testid="ai-image-prompt"
      />
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPhotoAi size={14} />}
          loading={pending}
          disabled={!prompt.trim()}
          onClick={() => void submit()}
          data-testid="ai-generate-image"
        >
          {t('image.generate')}
        </Button>
        {attached ? (
          <Text size="xs" c="teal" data-testid="ai-image-attached">
            {t('image.attached')}
          </Text>
        ) : null}
      </Group>
      {problem ? <AiProblemAlert problem={problem} /> : null}
    </Stack>
  );
}
