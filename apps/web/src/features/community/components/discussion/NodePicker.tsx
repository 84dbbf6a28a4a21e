import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeTitles } from './node-titles.ts';

/** Which node of the template a new comment is about (optional): a searchable list of node titles. */
export function NodePicker({
  titles,
  value,
  onChange,
}: {
  titles: NodeTitles;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation('reviews');
  const data = useMemo(() => [...titles].map(([id, title]) => ({ value: id, label: title })), [titles]);
  return (
    <Select
      label={t('discussion.node')}
      placeholder={t('discussion.nodePlaceholder')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('discussion.nodeNone')}
      limit={50}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
