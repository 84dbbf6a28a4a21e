import { LearnHome } from '../features/learning/index.ts';

/** `/learn`: what I am learning, my activity and streaks. */
export default function LearnPage() {
  return <LearnHome />;
}
