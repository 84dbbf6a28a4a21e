import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../lib/problem.ts';

const BODY_MAX = 5000;

interface TextFormProps {
  label: string;
  initial?: string;
  submit: string;
  pending: boolean;
  error: unknown;
  /** resolves true when saved: the form then empties (a new text) or closes (`onCancel`) */
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
  /** an empty text is sent (a reply removed) instead of refused */
  allowEmpty?: boolean;
  /** fields above the text (e.g. the node a comment is about) */
  extra?: ReactNode;
  autoFocus?: boolean;
}

/** A Markdown text with Save and Cancel: a comment, a reply to a thread, the author's reply to a review. */
export function TextForm({
  label,
  initial = '',
  submit,
  pending,
  error,
  onSubmit,
  onCancel,
  allowEmpty,
  extra,
  autoFocus,
}: TextFormProps) {
  const { t } = useTranslation('reviews');
  const [body, setBody] = useState(initial);
  const [tried, setTried] = useState(false);
  const missing = !allowEmpty && body.trim().length === 0;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    if (await onSubmit(body)) {
      setBody('');
      setTried(false);
      onCancel?.();
    }
  };
  return (
    <form onSubmit={(event) => void send(event)} noValidate>
      <Stack gap="xs">
        {extra}
        <Textarea
          label={label}
          description={t('form.markdownHint')}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          maxLength={BODY_MAX}
          autosize
          minRows={2}
          maxRows={10}
          error={tried && missing ? t('form.textMissing') : undefined}
          autoFocus={autoFocus}
        />
        {error ? (
          <Alert color="red" role="alert" py="xs">
            {problemText(error, { network: t('problem.network'), server: t('problem.server') })}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {onCancel ? (
            <Button variant="default" size="xs" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          ) : null}
          <Button type="submit" size="xs" loading={pending}>
            {submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
