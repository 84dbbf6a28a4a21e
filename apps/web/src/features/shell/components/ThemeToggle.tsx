import { ActionIcon, useComputedColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isHydratingDrawnPage } from '../../../lib/hydration.ts';
import { useThemeToggle } from '../../../lib/theme-toggle.ts';
import { HintTooltip } from './deferred.tsx';

export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const toggle = useThemeToggle();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: isHydratingDrawnPage() });
  const label = t(scheme === 'dark' ? 'theme.toLight' : 'theme.toDark');
  return (
    <HintTooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        data-testid="theme-toggle"
        onClick={(event) => toggle(event.detail === 0 ? undefined : { x: event.clientX, y: event.clientY })}
      >
        {scheme === 'dark' ? <IconSun size={20} aria-hidden /> : <IconMoon size={20} aria-hidden />}
      </ActionIcon>
    </HintTooltip>
  );
}
