import type { Locale, Tree } from '@arbor/contract';
import { Button, Group, Input, Progress, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { currentLocale, LOCALES } from '../../../lib/i18n.ts';
import { aiProblemOf, isAbort, type AiProblem } from '../api/errors.ts';
import { generateNode } from '../api/generation.ts';
import { aiKeys } from '../api/keys.ts';
import { AiProblemAlert } from '../components/AiProblemAlert.tsx';
import { buildTreeFromTopic, MAX_DEPTH, MIN_DEPTH, type BuildProgress } from './build-tree.ts';

const DEPTHS = Array.from({ length: MAX_DEPTH - MIN_DEPTH + 1 }, (_, i) => MIN_DEPTH + i);
const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'ja-JP': '日本語' };

/** Topic, depth and language → a generated tree, created and opened in the editor. */
export function GenerateTreeModal({ onClose, onCreated }: { onClose: () => void; onCreated: (uuid: string) => void }) {
  const { t } = useTranslation('ai');
  const client = useQueryClient();
  const [topic, setTopic] = useState('');
  const [depth, setDepth] = useState<number>(2);
  const [language, setLanguage] = useState<Locale>(currentLocale());
  const [progress, setProgress] = useState<BuildProgress | null>(null);
  const [problem, setProblem] = useState<AiProblem | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const running = progress !== null && problem === null;

  const run = async () => {
    const own = new AbortController();
    controller.current = own;
    setProblem(null);
    try {
      const data = await buildTreeFromTopic({
        topic,
        depth,
        language,
        signal: own.signal,
        generate: generateNode,
        onProgress: setProgress,
      });
      const tree = await api<Tree>('/api/tree/skills_tree/', {
        method: 'POST',
        body: { title: topic.trim().slice(0, 200), data },
        signal: own.signal,
      });
      // The trees list is cached under the trees feature's keys; its prefix is enough to refresh it.
      void client.invalidateQueries({ queryKey: ['trees'] });
      notifications.show({
        color: 'teal',
        message: t('generateTree.created', { title: tree.title, count: data.nodes.length }),
      });
      onClose();
      onCreated(tree.uuid);
    } catch (error) {
      if (isAbort(error)) setProgress(null);
      else setProblem(aiProblemOf(error));
    } finally {
      void client.invalidateQueries({ queryKey: aiKeys.status() });
    }
  };
  const cancel = () => {
    controller.current?.abort();
    setProgress(null);
  };

  const percent = progress ? Math.round((progress.done / Math.max(1, progress.planned)) * 100) : 0;
  return (
    <Stack data-testid="generate-tree-modal">
      <TextInput
        label={t('generateTree.topic')}
        placeholder={t('generateTree.topicPlaceholder')}
        value={topic}
        maxLength={200}
        required
        data-autofocus
        disabled={running}
        onChange={(e) => setTopic(e.currentTarget.value)}
        data-testid="generate-tree-topic"
      />
      <Group grow align="flex-end">
        <Input.Wrapper label={t('generateTree.depth')}>
          <SegmentedControl
            fullWidth
            value={String(depth)}
            disabled={running}
            onChange={(v) => setDepth(Number(v))}
            data-testid="generate-tree-depth"
            data={DEPTHS.map((d) => ({ value: String(d), label: String(d) }))}
          />
        </Input.Wrapper>
        <Select
          label={t('generateTree.language')}
          allowDeselect={false}
          value={language}
          disabled={running}
          data={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          onChange={(v) => v && setLanguage(v as Locale)}
        />
      </Group>
      {progress ? (
        <Stack gap={4} data-testid="generate-tree-progress">
          <Progress value={percent} animated={running} aria-label={t('generateTree.progressLabel')} />
          <Text size="xs" c="dimmed">
            {t('generateTree.progress', { done: progress.done, planned: progress.planned, nodes: progress.nodes })}
            {progress.failed ? ` · ${t('generateTree.failed', { count: progress.failed })}` : ''}
          </Text>
        </Stack>
      ) : null}
      {problem ? <AiProblemAlert problem={problem} /> : null}
      <Group justify="flex-end">
        {running ? (
          <Button variant="default" color="red" onClick={cancel} data-testid="generate-tree-cancel">
            {t('generateTree.cancel')}
          </Button>
        ) : (
          <Button variant="default" onClick={onClose}>
            {t('generateTree.close')}
          </Button>
        )}
        <Button
          loading={running}
          disabled={!topic.trim()}
          onClick={() => void run()}
          data-testid="generate-tree-submit"
        >
          {t('generateTree.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
