import { useParams } from 'react-router';
import { TemplateDetail } from '../features/community/index.ts';

/** `/community/:uuid`: one template of the community. */
export default function TemplateDetailPage() {
  const { uuid = '' } = useParams();
  return <TemplateDetail key={uuid} uuid={uuid} />;
}
