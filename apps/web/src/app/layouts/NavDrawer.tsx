import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../features/shell/index.ts';
import { SideNav } from './MainNav.tsx';

/** The phone navigation of the horizontal layout; a lazy chunk, as Drawer brings Modal's machinery. */
export default function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={300}
      title={<Logo />}
      hiddenFrom="sm"
      zIndex={2000}
      closeButtonProps={{ 'aria-label': t('nav.close') }}
    >
      <SideNav onNavigate={onClose} />
    </Drawer>
  );
}
