import { ActionIcon, Group } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSoftReload } from '../soft-reload.ts';
import { Breadcrumb, type PageTitleOf } from './Breadcrumb.tsx';
import { HintTooltip } from './deferred.tsx';

/** The bar above a page (80px, 70px on phones): breadcrumb, and a soft reload of the view. */
export function PageToolbar({ title, pageTitleOf }: { title: string; pageTitleOf: PageTitleOf }) {
  const { t } = useTranslation('shell');
  const softReload = useSoftReload();
  return (
    <Group justify="space-between" wrap="nowrap" className="arbor-toolbar">
      <Breadcrumb title={title} pageTitleOf={pageTitleOf} />
      <HintTooltip label={t('softReload')}>
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={softReload} aria-label={t('softReload')}>
          <IconRefresh size={18} aria-hidden />
        </ActionIcon>
      </HintTooltip>
    </Group>
  );
}
