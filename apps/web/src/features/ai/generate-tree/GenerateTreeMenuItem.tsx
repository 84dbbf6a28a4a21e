import { Menu } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GenerateTreeModal } from './GenerateTreeModal.tsx';

/**
 * "Generate from a topic (AI)" in the New tree menu. The menu's dropdown unmounts when it closes, so
 * the dialog lives in the modals manager; `navigate` is handed over since that sits outside the router.
 */
export function GenerateTreeMenuItem() {
  const { t } = useTranslation('ai');
  const navigate = useNavigate();
  const open = () => {
    const id = modals.open({
      title: t('generateTree.title'),
      size: 'md',
      centered: true,
      // Closing by accident would throw away minutes of generation; the dialog has its own cancel.
      closeOnClickOutside: false,
      children: (
        <GenerateTreeModal onClose={() => modals.close(id)} onCreated={(uuid) => void navigate(`/trees/${uuid}`)} />
      ),
    });
  };
  return (
    <Menu.Item leftSection={<IconSparkles size={16} />} onClick={open} data-testid="new-ai">
      {t('generateTree.menu')}
    </Menu.Item>
  );
}
