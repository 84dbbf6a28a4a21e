import { useEffect, useRef } from 'react';

/**
 * A ref for a tab list that scrolls sideways (a narrow screen): once it is `shown` and whenever
 * `active` changes, the list scrolls just enough to show the selected tab whole. Only the list
 * scrolls, never the page. The first tab needs nothing: a list shows its start unless scrolled, and
 * focusing a tab scrolls it into view. Skipping it spares the page a forced layout while it first renders.
 */
export function useActiveTabInView<T extends HTMLElement>(active: string, shown: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const list = ref.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!list || !tab || tab === list.querySelector('[role="tab"]')) return;
    const view = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.right > view.right) list.scrollLeft += box.right - view.right;
    else if (box.left < view.left) list.scrollLeft -= view.left - box.left;
  }, [active, shown]);
  return ref;
}
