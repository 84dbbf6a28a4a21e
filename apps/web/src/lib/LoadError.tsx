import { Button, Stack, Text } from '@mantine/core';

/** A list that could not load: the message, announced, and a button to try again. */
export function LoadError({ message, retry, onRetry }: { message: string; retry: string; onRetry: () => void }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="red" role="alert">
        {message}
      </Text>
      <Button size="compact-sm" variant="light" onClick={onRetry}>
        {retry}
      </Button>
    </Stack>
  );
}
