import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { AvatarMenu } from './AvatarMenu.tsx';
import { LanguageMenu } from './deferred.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

/** Right side of the header: an optional leading slot (the palette's search button), language, theme, account. */
export function HeaderActions({ leading }: { leading?: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {leading}
      <LanguageMenu />
      <ThemeToggle />
      <AvatarMenu />
    </Group>
  );
}
