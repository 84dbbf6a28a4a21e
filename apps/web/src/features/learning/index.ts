// The learning feature's public surface for pages and app/: learning mode around a tree canvas
// (progress, paths), private notes, and the /learn page.
export { registerLearningExtensions } from './register-extensions.tsx';
export { LearningProvider, type LearningDocument } from './components/mode/LearningProvider.tsx';
export { LearningModeControls } from './components/mode/LearningModeControls.tsx';
export { LearningNodeDetails } from './components/mode/LearningNodeDetails.tsx';
export { LearningStatusBar } from './components/mode/LearningStatusBar.tsx';
export { useNextToLearn } from './components/mode/learning-store.ts';
export { LearningChecklistMark } from './components/mode/LearningChecklistMark.tsx';
export { LearnHome } from './components/home/LearnHome.tsx';
export { AnkiImport } from './components/anki/AnkiImport.tsx';
export { notesPaletteSource } from './api/useNoteSearch.ts';
export { ReviewSession } from './components/recall/ReviewSession.tsx';
export { LearnerSettingsSection } from './components/settings/LearnerSettingsForm.tsx';
export { MemorySettingsSection } from './components/settings/MemorySettingsSection.tsx';
export { subjectPath } from './components/home/subject-links.ts';
export { dueDay } from './components/home/AssignmentBadges.tsx';
