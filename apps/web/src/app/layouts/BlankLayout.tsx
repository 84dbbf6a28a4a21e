import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageMenu } from '../../features/shell/components/LanguageMenu.tsx';
import { ThemeToggle } from '../../features/shell/components/ThemeToggle.tsx';

/** Auth pages: the page alone, with language and theme still in reach in the corner. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" mih="100dvh" pos="relative" className="arbor-blank">
      <Group gap={6} pos="absolute" top={12} style={{ insetInlineEnd: 12, zIndex: 10 }}>
        <LanguageMenu />
        <ThemeToggle />
      </Group>
      {children}
    </Box>
  );
}
