import type { Locale, Tree } from '@arbor/contract';
import { Alert, Button, Group, Input, Progress, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCoins } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { currentLocale, LOCALES } from '../../../lib/i18n.ts';
import { aiProblemOf, isAbort, type AiProblem } from '../api/errors.ts';
import { generateNode } from '../api/generation.ts';
import { aiKeys } from '../api/keys.ts';
import { useAiStatus } from '../api/status.ts';
import { AiProblemAlert } from '../components/AiProblemAlert.tsx';
import { buildTreeFromTopic, MAX_DEPTH, maxCallsFor, MIN_DEPTH, type BuildProgress } from './build-tree.ts';

const DEPTHS = Array.from({ length: MAX_DEPTH - MIN_DEPTH + 1 }, (_, i) => MIN_DEPTH + i);
const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'ja-JP': '日本語' };

/**
 * Topic, depth and language → a generated tree, created and opened in the editor. "Generate" first
 * shows how many AI calls the build may make against today's quota and asks to go on.
 */
export function GenerateTreeModal({ onClose, onCreated }: { onClose: () => void; onCreated: (uuid: string) => void }) {
  const { t } = useTranslation('ai');
  const client = useQueryClient();
  const [topic, setTopic] = useState('');
  const [depth, setDepth] = useState<number>(2);
  const [language, setLanguage] = useState<Locale>(currentLocale());
  const [progress, setProgress] = useState<BuildProgress | null>(null);
  const [problem, setProblem] = useState<AiProblem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const status = useAiStatus();
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The Generate button that had the focus is replaced by the confirmation's: keyboard users land on it.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const running = progress !== null && problem === null;
  // The menu item is disabled in these cases; the status may have changed since it opened.
  const blocked: AiProblem | null =
    status.data && (!status.data.configured || !status.data.chat)
      ? { kind: 'not_configured', detail: '' }
      : status.data?.quota.remaining === 0
        ? { kind: 'quota', detail: '' }
        : null;
  const calls = maxCallsFor(depth);
  const quota = status.data?.quota;

  const askToConfirm = () => {
    setProblem(null);
    setConfirming(true);
    // The quota may have moved since the status was read (other tabs, the editor).
    void status.refetch();
  };

  const run = async () => {
    setConfirming(false);
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
        disabled={running || confirming}
        onChange={(e) => setTopic(e.currentTarget.value)}
        data-testid="generate-tree-topic"
      />
      <Group grow align="flex-end">
        <Input.Wrapper label={t('generateTree.depth')}>
          <SegmentedControl
            fullWidth
            value={String(depth)}
            disabled={running || confirming}
            onChange={(v) => setDepth(Number(v))}
            data-testid="generate-tree-depth"
            data={DEPTHS.map((d) => ({ value: String(d), label: String(d) }))}
          />
        </Input.Wrapper>
        <Select
          label={t('generateTree.language')}
          allowDeselect={false}
          value={language}
          disabled={running || confirming}
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
      {blocked && !problem ? <AiProblemAlert problem={blocked} /> : null}
      {confirming && !blocked ? (
        <Alert
          variant="light"
          color="blue"
          icon={<IconCoins size={18} />}
          title={t('generateTree.confirm.title')}
          data-testid="generate-tree-cost"
          data-calls={calls}
        >
          <Stack gap={4}>
            <Text size="sm">{t('generateTree.confirm.calls', { count: calls, depth })}</Text>
            {quota ? (
              <Text size="sm" data-testid="generate-tree-quota">
                {t('generateTree.confirm.quota', { remaining: quota.remaining, limit: quota.limit })}
              </Text>
            ) : null}
            {quota && quota.remaining < calls ? (
              <Text size="sm" c="orange.8" data-testid="generate-tree-short">
                {t('generateTree.confirm.short')}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <Group justify="flex-end">
        {confirming ? (
          <Button variant="default" onClick={() => setConfirming(false)} data-testid="generate-tree-back">
            {t('generateTree.confirm.back')}
          </Button>
        ) : running ? (
          <Button variant="default" color="red" onClick={cancel} data-testid="generate-tree-cancel">
            {t('generateTree.cancel')}
          </Button>
        ) : (
          <Button variant="default" onClick={onClose}>
            {t('generateTree.close')}
          </Button>
        )}
        {confirming ? (
          <Button
            disabled={blocked !== null}
            onClick={() => void run()}
            ref={confirmRef}
            data-testid="generate-tree-confirm"
          >
            {t('generateTree.confirm.submit')}
          </Button>
        ) : (
          <Button
            loading={running}
            disabled={!topic.trim() || blocked !== null || status.isPending}
            onClick={askToConfirm}
            data-testid="generate-tree-submit"
          >
            {t('generateTree.submit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
