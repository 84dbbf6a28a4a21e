import { Menu, Text } from '@mantine/core';
import { modals } from '../../../lib/modals.ts';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useAiStatus } from '../api/status.ts';
import { GenerateTreeModal } from './GenerateTreeModal.tsx';

/** Why the item cannot be used now, or null when it can. */
type Unavailable = 'loading' | 'not_configured' | 'quota' | null;

/**
 * "Generate from a topic (AI)" in the New tree menu. The menu's dropdown unmounts when it closes, so
 * the dialog lives in the modals manager; `navigate` is handed over since that sits outside the router.
 * With no active chat model (or no call left today) the item is disabled and says why, so the dialog
 * never opens onto a generation that cannot run.
 */
export function GenerateTreeMenuItem() {
  const { t } = useTranslation('ai');
  const navigate = useNavigate();
  const { isAdmin } = useSession();
  const status = useAiStatus();
  const unavailable: Unavailable = !status.data
    ? status.isError
      ? 'not_configured'
      : 'loading'
    : !status.data.configured || !status.data.chat
      ? 'not_configured'
      : status.data.quota.remaining <= 0
        ? 'quota'
        : null;
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
  const reason =
    unavailable === 'not_configured'
      ? t(isAdmin ? 'generateTree.unavailable.admin' : 'generateTree.unavailable.user')
      : unavailable === 'quota'
        ? t('generateTree.unavailable.quota')
        : null;
  return (
    <Menu.Item
      leftSection={<IconSparkles size={16} />}
      onClick={open}
      disabled={unavailable !== null}
      // A disabled item is faded; its reason must stay readable, so only the label takes the disabled colour.
      style={reason ? { opacity: 1 } : undefined}
      data-testid="new-ai"
      data-unavailable={unavailable ?? undefined}
    >
      {t('generateTree.menu')}
      {reason ? (
        <Text component="span" display="block" size="xs" c="dimmed" data-testid="new-ai-reason">
          {reason}
        </Text>
      ) : null}
    </Menu.Item>
  );
}
