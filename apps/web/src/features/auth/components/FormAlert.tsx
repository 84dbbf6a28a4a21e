import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The form-level message (throttling, network, anything not tied to one input), announced to readers. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
