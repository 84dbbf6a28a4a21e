import { Autocomplete } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { forwardRef, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorState, useEditorStore } from '../state/editor-context.ts';

interface NodeSearchProps {
  onJump: (id: string) => void;
  onQuery?: (matches: Set<string>) => void;
}

/**
 * Search nodes by title; picking a result (or Enter on the first) jumps to it on the canvas. It reads
 * the editor's current document rather than the toolbar's deferred copy, so a node added a moment
 * ago is found even while the chrome's deferred render is still catching up with fast typing. It
 * follows the document only while there is a query: an empty box is not re-rendered by every edit
 * (a node added with Tab renders the canvas at once and leaves the toolbar to a deferred render).
 */
export const NodeSearch = forwardRef<HTMLInputElement, NodeSearchProps>(function NodeSearch({ onJump, onQuery }, ref) {
  const { t } = useTranslation('trees');
  const store = useEditorStore();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const nodes = useEditorState((s) => (q ? s.doc.nodes : null));
  const matches = useMemo(
    () => (nodes ? nodes.filter((n) => n.title.toLowerCase().includes(q)).slice(0, 50) : []),
    [nodes, q],
  );
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
        const current = store.getState().doc.nodes;
        // Autocomplete reports the option value on pick; map ids back to a jump.
        const picked = current.find((n) => n.id === value);
        if (picked && matches.some((m) => m.id === value)) {
          setQuery(picked.title);
          jump(picked.id);
          return;
        }
        setQuery(value);
        const q = value.trim().toLowerCase();
        onQuery?.(new Set(q ? current.filter((n) => n.title.toLowerCase().includes(q)).map((n) => n.id) : []));
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
