import { useSearchParams } from 'react-router';
import { AnkiImport, LearnHome } from '../features/learning/index.ts';

/**
 * `/learn`: what I am learning, my activity and streaks; `/learn?import` (with `&tree=<uuid>` from a
 * tree's menu) is the Anki import, inside this page's chunk so that it adds nothing to the first bundle.
 */
export default function LearnPage() {
  const [params] = useSearchParams();
  return params.has('import') ? <AnkiImport /> : <LearnHome />;
}
