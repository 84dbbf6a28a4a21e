import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../features/auth/components/AuthCard.tsx';
import { AuthLink } from '../../features/auth/components/AuthLink.tsx';
import { RegisterForm } from '../../features/auth/forms/RegisterForm.tsx';

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
