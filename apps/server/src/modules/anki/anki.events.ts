import type { Deps } from '../../deps.ts';
import { runAnkiImport } from './anki-import.service.ts';

/** Registers the Anki import job (`anki-import.service.ts`). */
export function subscribeAnki(deps: Deps): void {
  deps.jobs.handle('anki.import', (job) => runAnkiImport(deps, job));
}
