import { ActionIcon, Box, Group } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HintTooltip, LanguageMenu, ThemeToggle } from '../../features/shell/index.ts';
import { useSession } from '../../lib/session.ts';

/**
 * Auth pages (and anyone who picks "blank" in Settings): the page alone, with language and theme in
 * the corner, plus a way back to Settings for a signed-in user who chose this layout.
 */
export function BlankLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  return (
    <Box component="main" mih="100dvh" pos="relative" className="arbor-blank">
      <Group gap={6} pos="absolute" top={12} style={{ insetInlineEnd: 12, zIndex: 10 }}>
        <LanguageMenu />
        <ThemeToggle />
        {session.status === 'authenticated' ? (
          <HintTooltip label={t('account.settings')}>
            <ActionIcon
              component={Link}
              to="/settings"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('account.settings')}
            >
              <IconAdjustments size={20} aria-hidden />
            </ActionIcon>
          </HintTooltip>
        ) : null}
      </Group>
      {children}
    </Box>
  );
}
