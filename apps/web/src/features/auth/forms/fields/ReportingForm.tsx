import { Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '../../components/FormAlert.tsx';
import type { ServerErrors } from '../../hooks/useServerErrors.ts';

interface ReportingFormProps {
  errors: ServerErrors;
  /** Runs once the old errors are cleared; what it throws is reported on the form. */
  onSubmit: () => Promise<unknown>;
  /** for code forms: an error about the code goes under the code input (see `describeError`) */
  codeField?: string;
  /** shown above the form-level message */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the account and profile forms: the form-level message, then the fields, stacked. On
 * submit the previous errors are cleared and `onSubmit` runs; a server error it throws lands on its
 * fields or in the message.
 */
export function ReportingForm({ errors, onSubmit, codeField, intro, children }: ReportingFormProps) {
  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    try {
      await onSubmit();
    } catch (error) {
      errors.report(error, codeField ? { codeField } : undefined);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {intro}
        <FormAlert message={errors.message} />
        {children}
      </Stack>
    </form>
  );
}
