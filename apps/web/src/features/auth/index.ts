// The auth feature's public surface: the pages' cards and forms, and what the profile feature shares
// with it (code flows, password fields, the form frame, error descriptions), so account and profile
// forms behave and read alike.
export { AuthCard } from './components/AuthCard.tsx';
export { AuthLink } from './components/AuthLink.tsx';
export { CodeLoginForm } from './forms/CodeLoginForm.tsx';
export { PasswordLoginForm } from './forms/PasswordLoginForm.tsx';
export { RegisterForm } from './forms/RegisterForm.tsx';
export { ForgotPasswordForm } from './forms/ForgotPasswordForm.tsx';

export { ChannelSwitch } from './components/ChannelSwitch.tsx';
export { CodeSection } from './components/CodeSection.tsx';
export { FormAlert } from './components/FormAlert.tsx';
export { NewPasswordInput } from './components/NewPasswordInput.tsx';
export { CurrentPasswordInput } from './forms/fields/CurrentPasswordInput.tsx';
export { ReportingForm } from './forms/fields/ReportingForm.tsx';
export { UsernameInput } from './forms/fields/UsernameInput.tsx';
export { useNewPassword } from './forms/fields/useNewPassword.ts';
export { useCodeFlow } from './hooks/useCodeFlow.ts';
export { useServerErrors } from './hooks/useServerErrors.ts';
export { usePasswordReset } from './api/usePasswordReset.ts';
export { tokenLogin } from './api/useTokenLogin.ts';
export { addressKey, type Channel } from './api/types.ts';
export { describeError } from './lib/errors.ts';
export { passwordLengthError } from './lib/password.ts';
