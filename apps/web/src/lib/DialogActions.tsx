import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DialogActionsProps {
  onCancel: () => void;
  /** the submit button's text */
  submit: ReactNode;
  loading: boolean;
  disabled?: boolean;
  /** `red` for destructive actions */
  color?: string;
}

/** The buttons under a dialog's form: Cancel, then its submit button. */
export function DialogActions({ onCancel, submit, loading, disabled, color }: DialogActionsProps) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" color={color} loading={loading} disabled={disabled}>
        {submit}
      </Button>
    </Group>
  );
}
