import { useParams } from 'react-router';
import { CollectionView } from '../features/social/index.ts';

/** `/collections/:uuid`: a collection of templates (public ones readable by anyone). */
export default function CollectionPage() {
  const { uuid = '' } = useParams();
  return <CollectionView key={uuid} uuid={uuid} />;
}
