// What other features (the profile page) use of the auth feature's forms: the shared form frame and
// fields, so account and profile forms behave and read alike.
export { CurrentPasswordInput } from './forms/fields/CurrentPasswordInput.tsx';
export { ReportingForm } from './forms/fields/ReportingForm.tsx';
export { UsernameInput } from './forms/fields/UsernameInput.tsx';
export { useNewPassword } from './forms/fields/useNewPassword.ts';
