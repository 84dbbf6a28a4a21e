import { useParams } from 'react-router';
import { GroupView } from '../features/groups/index.ts';

/** `/groups/:uuid`: a group's Assignments · Members · Settings. */
export default function GroupPage() {
  const { uuid = '' } = useParams();
  return <GroupView key={uuid} uuid={uuid} />;
}
