import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../features/shell/index.ts';

/** Any path no route matches. */
export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  const { pathname } = useLocation();
  return <ErrorView status={404} message={t('pageNotFound', { path: pathname })} />;
}
