// The profile feature's public surface: the sections the profile page composes.
export { ContactMethods } from './components/ContactMethods.tsx';
export { DeleteAccountSection } from './components/DeleteAccountSection.tsx';
export { LanguageSelect } from './components/LanguageSelect.tsx';
export { MySharesSection } from './components/MySharesSection.tsx';
export { PasswordSection } from './components/PasswordSection.tsx';
export { ProfileDetailsForm } from './components/ProfileDetailsForm.tsx';
export { ProfileSection } from './components/ProfileSection.tsx';
export { ProfileSummary } from './components/ProfileSummary.tsx';
