import { clozeNumbers } from '@arbor/contract/cloze';
import { Button, Group, Kbd, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconBracketsContain } from '@tabler/icons-react';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { wrapAsCloze } from './cloze-text.ts';
import { ClozeText } from './CardFace.tsx';

interface ClozeFieldProps {
  text: string;
  onChange: (text: string) => void;
  error?: string;
}

/**
 * The text of a cloze card: select words and press Ctrl+Shift+C (or the button, on a phone) to wrap
 * them as the next {{cN::…}}; below, a live preview of each card the text makes.
 */
export function ClozeField({ text, onChange, error }: ClozeFieldProps) {
  const { t } = useTranslation('recall');
  const area = useRef<HTMLTextAreaElement>(null);
  const nextSelection = useRef<[number, number] | null>(null);
  // After a wrap, the wrapped words stay selected (so a second press is easy to undo by eye).
  useLayoutEffect(() => {
    const range = nextSelection.current;
    if (!range || !area.current) return;
    nextSelection.current = null;
    area.current.focus();
    area.current.setSelectionRange(range[0], range[1]);
  }, [text]);

  const wrap = () => {
    const el = area.current;
    if (!el) return;
    const result = wrapAsCloze(el.value, el.selectionStart, el.selectionEnd);
    nextSelection.current = [result.selectionStart, result.selectionEnd];
    onChange(result.text);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.shiftKey && e.key.toLowerCase() === 'c') {
      e.preventDefault();
      wrap();
    }
  };
  const numbers = clozeNumbers(text);
  return (
    <Stack gap="xs">
      <Textarea
        ref={area}
        label={t('kinds.clozeText')}
        description={t('kinds.clozeHint')}
        value={text}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={error}
        autosize
        minRows={3}
        maxLength={2_000}
        aria-keyshortcuts="Control+Shift+C"
        data-testid="cloze-text"
      />
      <Group gap="xs" justify="space-between">
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconBracketsContain size={14} aria-hidden />}
          // Keeps the text area's selection: the button must not take the focus first.
          onMouseDown={(e) => e.preventDefault()}
          onClick={wrap}
          data-testid="cloze-wrap"
        >
          {t('kinds.clozeWrap')}
        </Button>
        <Text size="xs" c="dimmed" visibleFrom="sm">
          <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Shift</Kbd> + <Kbd size="xs">C</Kbd>
        </Text>
      </Group>
      {numbers.length > 0 ? (
        <Stack gap={6} data-testid="cloze-previews" aria-label={t('kinds.previews')} component="section">
          <Text size="xs" fw={700} c="dimmed">
            {t('kinds.previewCount', { count: numbers.length })}
          </Text>
          {numbers.map((n) => (
            <Paper key={n} withBorder radius="sm" p="xs" data-testid="cloze-preview">
              <Text size="xs" c="dimmed" mb={2}>
                {t('kinds.clozeBadge', { n })}
              </Text>
              <ClozeText text={text} n={n} revealed={false} />
            </Paper>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
