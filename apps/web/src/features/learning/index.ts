// The learning feature's public surface for pages and app/: learning mode around a tree canvas
// (progress, paths), private notes, and the /learn page.
export { LearnHome } from './components/home/LearnHome.tsx';
