import { useParams } from 'react-router';
import { AuthorProfile } from '../features/social/index.ts';

/** `/u/:username`: an author's public page. */
export default function AuthorPage() {
  const { username = '' } = useParams();
  return <AuthorProfile key={username} username={username} />;
}
