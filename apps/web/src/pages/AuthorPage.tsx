import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ReportButton } from '../features/community/index.ts';
import { AuthorProfile } from '../features/social/index.ts';
import { useSession } from '../lib/session.ts';

/** `/u/:username`: an author's public page; a signed-in visitor may report another user to the moderators. */
export default function AuthorPage() {
  const { username = '' } = useParams();
  const { t } = useTranslation('reviews');
  const session = useSession();
  const me = session.status === 'authenticated' ? (session.user?.id ?? null) : null;
  return (
    <AuthorProfile
      key={username}
      username={username}
      actions={(author) =>
        me !== null && me !== author.id ? (
          <ReportButton target={{ kind: 'user', id: author.id }} label={t('report.user', { name: author.username })} />
        ) : null
      }
    />
  );
}
