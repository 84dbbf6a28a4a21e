import type { Note } from '@arbor/contract';
import { Alert, Box, Button, Group, Loader, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLock } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../../trees/index.ts';
import { useNotes } from '../../api/useNotes.ts';
import { useSaveNote } from '../../api/useSaveNote.ts';
import { useLearning } from '../mode/learning-store.ts';
import { NoteConflictError, resolvedConflicts, subscribeOfflineEdits } from '../offline/offline-edits.ts';
import { NoteAutosave, type NoteSaveState } from './note-autosave.ts';
import classes from './NoteEditor.module.css';

/** The contract's NOTE_MAX_CHARS (a value import from the contract would bring zod along). */
const NOTE_MAX = 20_000;

function SaveState({ state, onRetry }: { state: NoteSaveState; onRetry: () => void }) {
  const { t } = useTranslation('learning');
  if (state === 'error')
    return (
      <Group gap={6} wrap="nowrap" role="alert">
        <Text size="xs" c="red" fw={600} data-testid="note-state" data-state={state}>
          <IconAlertTriangle size={12} aria-hidden /> {t('notes.error')}
        </Text>
        <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
          {t('notes.retry')}
        </Button>
      </Group>
    );
  return (
    <Text size="xs" c="dimmed" aria-live="polite" data-testid="note-state" data-state={state}>
      {state === 'saving' || state === 'pending' ? (
        <>
          <Loader size={10} mr={4} aria-hidden /> {t('notes.saving')}
        </>
      ) : state === 'saved' ? (
        <>
          <IconCheck size={12} aria-hidden /> {t('notes.saved')}
        </>
      ) : null}
    </Text>
  );
}

function NoteField({ nodeId, title, note }: { nodeId: string; title: string; note: Note | undefined }) {
  const { t } = useTranslation('learning');
  const learning = useLearning()!;
  const save = useSaveNote(learning.subject);
  const [text, setText] = useState(note?.content ?? '');
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [state, setState] = useState<NoteSaveState>('idle');
  const saveRef = useRef(save.mutateAsync);
  saveRef.current = save.mutateAsync;
  // The note the edits start from (API.md "Offline": a newer one elsewhere is a conflict, not overwritten).
  const base = useRef({ content: note?.content ?? '', updatedAt: note?.updated_at });
  useEffect(() => {
    // a refetch after the edits went out gives the server's stamp of what this field saved
    if (note && note.content === base.current.content) base.current.updatedAt = note.updated_at;
  }, [note]);
  const [autosave] = useState(
    () =>
      new NoteAutosave({
        initial: note?.content ?? '',
        save: async (content) => {
          try {
            const saved = await saveRef.current({ nodeId, content, base: base.current.updatedAt });
            base.current = { content, updatedAt: saved?.updated_at };
          } catch (error) {
            // the choice between both versions opens (NoteConflictDialog); nothing to retry here
            if (!(error instanceof NoteConflictError)) throw error;
          }
        },
        onState: setState,
      }),
  );
  // Leaving the node (or the page) inside the pause must not lose the last words.
  useEffect(
    () => () => {
      void autosave.flush();
      autosave.dispose();
    },
    [autosave],
  );
  const counterId = useId();
  const privateId = useId();
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(v) => {
            if (v === 'preview') void autosave.flush();
            setMode(v as 'write' | 'preview');
          }}
          data={[
            { value: 'write', label: t('notes.write') },
            { value: 'preview', label: t('notes.preview') },
          ]}
          aria-label={t('notes.label', { title })}
        />
        <SaveState state={state} onRetry={() => void autosave.retry()} />
      </Group>
      {mode === 'write' ? (
        <Textarea
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            autosave.change(event.currentTarget.value);
          }}
          onBlur={() => void autosave.flush()}
          // Keys typed here never reach the canvas shortcuts.
          onKeyDown={(event) => event.stopPropagation()}
          autosize
          minRows={4}
          maxRows={14}
          maxLength={NOTE_MAX}
          placeholder={t('notes.placeholder')}
          aria-label={t('notes.label', { title })}
          aria-describedby={`${privateId} ${counterId}`}
          classNames={{ input: classes.input }}
          data-testid="note-input"
        />
      ) : text.trim() ? (
        <Box className={classes.preview} data-testid="note-preview">
          <MarkdownPreview source={text} />
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          {t('notes.empty')}
        </Text>
      )}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text id={privateId} size="xs" c="dimmed">
          <IconLock size={12} aria-hidden /> {t('notes.private')}
        </Text>
        <Text
          id={counterId}
          size="xs"
          c={text.length >= NOTE_MAX ? 'red' : 'dimmed'}
          className={classes.counter}
          data-testid="note-counter"
        >
          {t('notes.counter', { count: text.length, max: NOTE_MAX })}
        </Text>
      </Group>
    </Stack>
  );
}

/** The learner's private note on one node: Markdown with a sanitised preview, autosaved. */
export function NoteEditor({ nodeId, title }: { nodeId: string; title: string }) {
  const { t } = useTranslation('learning');
  const learning = useLearning();
  const notes = useNotes(learning?.subject ?? { kind: 'tree', uuid: '' }, Boolean(learning));
  // a conflict resolved on this page starts the field afresh from the chosen note
  const resolved = useSyncExternalStore(subscribeOfflineEdits, resolvedConflicts, () => 0);
  if (!learning) return null;
  return (
    <Stack gap={6} data-testid="note-editor">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
        {t('notes.title')}
      </Text>
      {notes.isPending ? (
        <Loader size="sm" />
      ) : notes.isError ? (
        <Alert color="red" p="xs">
          {t('notes.loadFailed')}
        </Alert>
      ) : (
        <NoteField
          key={`${nodeId}:${resolved}`}
          nodeId={nodeId}
          title={title}
          note={notes.data.find((note) => note.node_id === nodeId)}
        />
      )}
    </Stack>
  );
}
