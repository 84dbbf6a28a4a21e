import { useTranslation } from 'react-i18next';
import { AuthCard, AuthLink, ForgotPasswordForm } from '../../features/auth/index.ts';

/** `/auth/forgotpassword`: reset the password with an email or SMS code. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={<AuthLink to="/auth/login">{t('forgot.toLogin')}</AuthLink>}
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
