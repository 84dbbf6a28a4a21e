import { notifications } from '@mantine/notifications';
import type { Tree } from '@arbor/contract';
import { i18n } from '../../../../lib/i18n.ts';
import { downloadBlob, safeFilename } from '../../../trees/index.ts';
import { fetchAnkiExport } from '../../api/useAnkiImport.ts';

/** Downloads the learner's cards on a tree as an .apkg (API.md "Anki export"); a failure is a toast. */
export function exportToAnki(tree: Pick<Tree, 'uuid' | 'title'>, scheduling: boolean): Promise<void> {
  return fetchAnkiExport(tree.uuid, scheduling)
    .then((blob) => downloadBlob(blob, safeFilename(tree.title, 'apkg')))
    .catch(() => {
      notifications.show({ color: 'red', message: i18n.t('recall:anki.exportFailed') });
    });
}
