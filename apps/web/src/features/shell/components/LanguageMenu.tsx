import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES, setLocale } from '../../../lib/i18n.ts';

/** Language names are written in their own language so anyone can find theirs. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation('shell');
  return (
    <Menu position="bottom-end" withinPortal zIndex={2000}>
      <Menu.Target>
        <Tooltip label={t('language.label')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('language.label')}
            data-testid="language-menu"
          >
            <IconLanguage size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => setLocale(locale)}
            rightSection={i18n.language === locale ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={i18n.language === locale ? 'true' : undefined}
          >
            {t(`language.names.${locale}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
