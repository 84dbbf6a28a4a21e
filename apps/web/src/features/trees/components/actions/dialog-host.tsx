import { Fragment, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * Dialogs opened by actions (`EditorChrome.openDialog`), drawn in the editor outside every menu, so
 * a menu item may open one and close with its menu.
 */
export function useDialogHost() {
  const [dialogs, setDialogs] = useState<ReadonlyArray<{ id: number; node: ReactNode }>>([]);
  const nextId = useRef(0);
  const open = useCallback((render: (close: () => void) => ReactNode) => {
    const id = ++nextId.current;
    const close = () => setDialogs((now) => now.filter((dialog) => dialog.id !== id));
    setDialogs((now) => [...now, { id, node: render(close) }]);
  }, []);
  const rendered = useMemo(
    () => dialogs.map((dialog) => <Fragment key={dialog.id}>{dialog.node}</Fragment>),
    [dialogs],
  );
  return { open, rendered };
}
