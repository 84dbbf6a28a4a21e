import { Box, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client.ts';
import type { NoteConflict as KeptConflict } from '../../../offline/index.ts';
import type { SubjectRef } from '../../api/useProgress.ts';
import { loadConflicts, noteConflicts, resolveNoteConflict, subscribeOfflineEdits } from './offline-edits.ts';
import classes from './offline.module.css';
import { ensureOfflineMessages } from '../../../pwa/index.ts';

// this feature's strings are the `offline` namespace's (its zh-CN messages come with the pwa chunk)
ensureOfflineMessages();

function Version({ heading, content, testId }: { heading: string; content: string; testId: string }) {
  const { t } = useTranslation('offline');
  const id = useId();
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Title order={3} size="sm" id={id} mb={6}>
        {heading}
      </Title>
      {content ? (
        <Box className={classes.version} tabIndex={0} aria-labelledby={id}>
          {content}
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          {t('learning.conflict.empty')}
        </Text>
      )}
    </Paper>
  );
}

/**
 * A note edited here while the server's copy changed (offline, or in another tab) is never overwritten
 * silently: both versions side by side (stacked on a phone), "Keep mine" saves mine over theirs, "Keep
 * theirs" takes the server's. "Decide later" leaves the choice for the next visit.
 */
export function NoteConflictDialog({ subject, titleOf }: { subject: SubjectRef; titleOf: (id: string) => string }) {
  const { t } = useTranslation('offline');
  const client = useQueryClient();
  const all = useSyncExternalStore(subscribeOfflineEdits, noteConflicts, noteConflicts);
  const [later, setLater] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<'mine' | 'theirs' | null>(null);
  useEffect(() => {
    void loadConflicts(subject);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subject.kind, subject.uuid]);
  const conflict: KeptConflict | undefined = all.find(
    (c) => c.subject.kind === subject.kind && c.subject.uuid === subject.uuid && !later.has(c.key),
  );
  const choose = async (current: KeptConflict, choice: 'mine' | 'theirs') => {
    setBusy(choice);
    try {
      await resolveNoteConflict(client, current, choice);
      notifications.show({
        color: 'teal',
        message: t(choice === 'mine' ? 'learning.conflict.keptMine' : 'learning.conflict.keptTheirs'),
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: t('learning.conflict.failed', { reason: error instanceof ApiError ? error.message : String(error) }),
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal
      opened={Boolean(conflict)}
      onClose={() => conflict && setLater((keys) => new Set([...keys, conflict.key]))}
      title={t('learning.conflict.title')}
      size="xl"
      closeOnClickOutside={false}
      data-testid="note-conflict"
    >
      {conflict ? (
        <Stack gap="sm">
          <Text size="sm">{t('learning.conflict.intro', { title: titleOf(conflict.node_id) })}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Version heading={t('learning.conflict.mine')} content={conflict.mine} testId="conflict-mine" />
            <Version
              heading={t('learning.conflict.theirs')}
              content={conflict.theirs.content}
              testId="conflict-theirs"
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="xs">
            <Button variant="subtle" color="gray" onClick={() => setLater((keys) => new Set([...keys, conflict.key]))}>
              {t('learning.conflict.later')}
            </Button>
            <Button
              variant="light"
              loading={busy === 'theirs'}
              disabled={busy !== null}
              onClick={() => void choose(conflict, 'theirs')}
            >
              {t('learning.conflict.keepTheirs')}
            </Button>
            <Button loading={busy === 'mine'} disabled={busy !== null} onClick={() => void choose(conflict, 'mine')}>
              {t('learning.conflict.keepMine')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
