import { Autocomplete } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { forwardRef, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorState } from '../state/editor-context.ts';

interface NodeSearchProps {
  onJump: (id: string) => void;
  onQuery?: (matches: Set<string>) => void;
}

/**
 * Search nodes by title; picking a result (or Enter on the first) jumps to it on the canvas. It reads
 * the editor's current document rather than the toolbar's deferred copy, so a node added a moment
 * ago is found even while the chrome's deferred render is still catching up with fast typing.
 */
export const NodeSearch = forwardRef<HTMLInputElement, NodeSearchProps>(function NodeSearch({ onJump, onQuery }, ref) {
  const { t } = useTranslation('trees');
  const doc = useEditorState((s) => s.doc);
  const [query, setQuery] = useState('');
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    return doc.nodes.filter((n) => n.title.toLowerCase().includes(q)).slice(0, 50);
  }, [doc.nodes, query]);
  const jump = (id: string | undefined) => {
    if (!id) return;
    onJump(id);
  };
  return (
    <Autocomplete
      ref={ref}
      size="sm"
      w={{ base: 160, xl: 220 }}
      placeholder={t('search.placeholder')}
      aria-label={t('search.placeholder')}
      leftSection={<IconSearch size={16} />}
      value={query}
      data={matches.map((n) => ({ value: n.id, label: n.title }))}
      filter={({ options }) => options}
      onChange={(value) => {
        // Autocomplete reports the option value on pick; map ids back to a jump.
        const picked = doc.nodes.find((n) => n.id === value);
        if (picked && matches.some((m) => m.id === value)) {
          setQuery(picked.title);
          jump(picked.id);
          return;
        }
        setQuery(value);
        const q = value.trim().toLowerCase();
        onQuery?.(new Set(q ? doc.nodes.filter((n) => n.title.toLowerCase().includes(q)).map((n) => n.id) : []));
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') jump(matches[0]?.id);
        if (event.key === 'Escape') {
          setQuery('');
          onQuery?.(new Set());
        }
      }}
      comboboxProps={{ zIndex: 2100 }}
      data-testid="node-search"
    />
  );
});
