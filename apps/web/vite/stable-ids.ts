import type { Plugin } from 'vite';

/** Mantine's `useId` module, as the build resolves it. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` as it starts: React's id (the same on the server and in the browser), but kept. Mantine's
 * own swaps it for a random id in a layout effect after the first render, for React versions without `useId`.
 * On React 19 that swap only costs: every component with an id (inputs, ratings, menus, tabs) renders again,
 * synchronously, right after mounting, and rewrites its ids in the DOM. On a page the server drew, that was
 * most of the main thread's work after hydrating it (the community list's ratings), and the ids the server
 * sent would change under the visitor.
 */
export const STABLE_USE_ID_SOURCE = `'use client';
import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
`;

export function stableMantineIds(): Plugin {
  return {
    name: 'arbor-stable-mantine-ids',
    enforce: 'pre',
    load(id) {
      return MANTINE_USE_ID.test(id.split('?')[0]!) ? STABLE_USE_ID_SOURCE : null;
    },
  };
}
