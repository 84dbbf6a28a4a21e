// The groups feature's public surface for pages: my groups, one group's page, the join link page.
export { GroupsHome } from './components/GroupsHome.tsx';
export { GroupView } from './components/GroupView.tsx';
export { JoinView } from './components/JoinView.tsx';
