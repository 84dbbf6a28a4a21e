import { useParams } from 'react-router';
import { JoinView } from '../features/groups/index.ts';

/** `/groups/join/:code`: the page a join link opens. */
export default function GroupJoinPage() {
  const { code = '' } = useParams();
  return <JoinView key={code} code={code} />;
}
