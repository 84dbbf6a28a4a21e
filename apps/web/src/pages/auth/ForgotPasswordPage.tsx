import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../features/auth/components/AuthCard.tsx';
import { AuthLink } from '../../features/auth/components/AuthLink.tsx';
import { ForgotPasswordForm } from '../../features/auth/forms/ForgotPasswordForm.tsx';

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
