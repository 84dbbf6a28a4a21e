import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../features/shell/index.ts';
import { signOut } from '../../lib/session.ts';

/** Revokes the refresh token, clears the session and goes home. */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void signOut().then(() => navigate('/', { replace: true }));
  }, [navigate]);
  return <PageLoader />;
}
