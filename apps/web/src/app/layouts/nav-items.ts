import { IconCompass, IconHome, IconBinaryTree2, IconSchool, IconUsersGroup, type Icon } from '@tabler/icons-react';
import type { NamespacedKey } from '../../lib/i18n.ts';
import type { RouteName } from '../routes.tsx';

interface NavItem {
  route: RouteName;
  path: string;
  labelKey: NamespacedKey<'shell'>;
  icon: Icon;
  /** Listed only for a logged-in user. */
  membersOnly?: boolean;
}

/** Top navigation (UI.md "Shell"): Home, Resource community, and My trees, Learning
 * and Groups once logged in. */
export const NAV_ITEMS: readonly NavItem[] = [
  { route: 'home', path: '/', labelKey: 'shell:nav.home', icon: IconHome },
  { route: 'community', path: '/community', labelKey: 'shell:nav.community', icon: IconCompass },
  { route: 'trees', path: '/trees', labelKey: 'shell:nav.trees', icon: IconBinaryTree2, membersOnly: true },
  { route: 'learn', path: '/learn', labelKey: 'shell:nav.learn', icon: IconSchool, membersOnly: true },
  { route: 'groups', path: '/groups', labelKey: 'shell:nav.groups', icon: IconUsersGroup, membersOnly: true },
];

/** Is `item` the current section? Home only on `/`, the others on their whole subtree. */
export function isActive(item: NavItem, pathname: string): boolean {
  return item.path === '/' ? pathname === '/' : pathname === item.path || pathname.startsWith(`${item.path}/`);
}
