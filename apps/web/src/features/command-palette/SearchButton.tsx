import { Kbd } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openPalette } from './opener.ts';

/** The header's search field look-alike; opens the palette and shows its shortcut. */
export function SearchButton() {
  const { t } = useTranslation('shell');
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <button
      type="button"
      className="arbor-search-button"
      onClick={openPalette}
      aria-label={t('palette.open')}
      aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
    >
      <IconSearch size={16} stroke={1.8} aria-hidden />
      <span className="arbor-search-label">{t('palette.button')}</span>
      <Kbd size="xs" className="arbor-search-kbd">
        {mac ? '⌘ K' : 'Ctrl K'}
      </Kbd>
    </button>
  );
}
