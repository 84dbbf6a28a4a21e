import { GroupsHome } from '../features/groups/index.ts';

/** `/groups`: my groups and "New group". */
export default function GroupsPage() {
  return <GroupsHome />;
}
