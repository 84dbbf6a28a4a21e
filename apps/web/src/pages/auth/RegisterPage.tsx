import { useTranslation } from 'react-i18next';
import { AuthCard, AuthLink, RegisterForm } from '../../features/auth/index.ts';

/** `/auth/register`: sign up with an email or SMS code and a password. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')} <AuthLink to="/auth/login">{t('register.toLogin')}</AuthLink>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
