import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Page numbers under a list (the community's labels), nothing when everything fits on one page. */
export function PagePicker({
  count,
  pageSize,
  page,
  onChange,
}: {
  count: number | undefined;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('community');
  const pages = count ? Math.max(1, Math.ceil(count / pageSize)) : 1;
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
        getItemProps={(n) => ({ 'aria-label': t('pagination.page', { page: n }) })}
      />
    </Group>
  );
}
