import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The create/edit dialog every admin tab uses: fields, a general error, cancel and save. */
export function FormModal({
  opened,
  title,
  onClose,
  onSubmit,
  pending,
  error,
  size = 'md',
  children,
  testId,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  error: string | null;
  size?: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('ai');
  // Long forms (prompts) need the whole screen on a phone rather than a floating card.
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered fullScreen={isPhone}>
      <form
        data-testid={testId}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          {children}
          {error ? (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="admin-save">
              {t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The editing target of a tab: nothing, a new item, or an existing one. */
export type Editing<T> = { item: T | null } | null;
