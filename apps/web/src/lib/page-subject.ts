import { useEffect, useSyncExternalStore } from 'react';

/**
 * What the page on screen is about (a tree's or a template's title), for the tab title: the shell
 * names it before the route's own title (app/Shell.tsx). One page at a time sets it; it is cleared
 * when that page goes away.
 */
let subject: string | null = null;
const listeners = new Set<() => void>();

function set(next: string | null) {
  if (next === subject) return;
  subject = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSubject = () => subject;

/** The page's subject, or null when the page has none. */
export function usePageSubject(): string | null {
  return useSyncExternalStore(subscribe, getSubject, getSubject);
}

/** Names what this page is about while it is shown (`undefined` while it is still loading). */
export function useSetPageSubject(title: string | null | undefined): void {
  useEffect(() => {
    const name = title?.trim() || null;
    set(name);
    return () => {
      if (subject === name) set(null);
    };
  }, [title]);
}

/** The tab title: `subject · page · product`, or `page · product` without a subject. */
export function documentTitle(page: string, product: string, pageSubject: string | null): string {
  return [pageSubject, page, product].filter(Boolean).join(' · ');
}
