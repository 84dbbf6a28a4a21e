// Learning mode's editor actions, loaded with the editor (never with the app's first bundle): "Learn"
// (on/off) on every toolbar, "Plan my study" and "Tutor" while it is on (a phone's More menu holds them).
import {
  IconCalendarTime,
  IconMessageChatbot,
  IconPackageExport,
  IconPackageImport,
  IconSchool,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorAction, EditorActionBinding, EditorActionContext } from '../trees/index.ts';
import { useLearning, useLearningState } from './components/mode/learning-store.ts';

// The tutor brings Markdown rendering, the card form and recall's strings: loaded when opened.
const TutorPanel = lazy(() => import('./components/tutor/TutorPanel.tsx').then((m) => ({ default: m.TutorPanel })));
const PlanDialog = lazy(() => import('./components/plans/PlanDialog.tsx').then((m) => ({ default: m.PlanDialog })));

/** "Learn": on and off, with the keys it enables in its tooltip; nothing outside a page's learning provider. */
function useLearningToggle(): EditorActionBinding {
  const { t } = useTranslation('learning');
  const learning = useLearning();
  const enabled = useLearningState((s) => s.enabled) ?? false;
  if (!learning) return { hidden: true };
  return {
    active: enabled,
    tooltip: enabled ? t('mode.keysHint') : t('mode.toggleHint'),
    run: () => learning.setEnabled(!enabled),
  };
}

/** "Plan my study" for the whole tree while learning mode is on; its dialog opens in the editor, outside the menus. */
function useStudyPlan(ctx: EditorActionContext): EditorActionBinding {
  const learning = useLearning();
  const enabled = useLearningState((s) => s.enabled) ?? false;
  if (!learning || !enabled) return { hidden: true };
  const { subject } = learning;
  return {
    run: () =>
      ctx.chrome.openDialog((close) => (
        <Suspense fallback={null}>
          <PlanDialog opened onClose={close} subject={subject} target={null} />
        </Suspense>
      )),
  };
}

/**
 * "Tutor" while learning mode is on: the panel on the selected node (the whole tree without one), opened
 * in the editor outside the menus; a cited node's chip selects that node and brings it on screen.
 */
function useTutor(ctx: EditorActionContext): EditorActionBinding {
  const learning = useLearning();
  const enabled = useLearningState((s) => s.enabled) ?? false;
  if (!learning || !enabled) return { hidden: true };
  const { commands, chrome } = ctx;
  return {
    run: ({ selectedId }) =>
      chrome.openDialog((close) => (
        <Suspense fallback={null}>
          <TutorPanel
            opened
            onClose={close}
            subject={learning.subject}
            nodeId={selectedId}
            titleOf={learning.titleOf}
            onSelectNode={(id) => {
              commands.store.select(id);
              chrome.reveal(id);
            }}
          />
        </Suspense>
      )),
  };
}

/** Downloads the learner's cards on this tree as an .apkg, loading the export code only when asked. */
function exportToAnki(ctx: EditorActionContext, scheduling: boolean) {
  void import('./components/anki/export-anki.ts').then((m) => m.exportToAnki(ctx.tree, scheduling));
}

const ankiExport = (scheduling: boolean, order: number): EditorAction => ({
  id: scheduling ? 'anki-export-scheduling' : 'anki-export',
  labelKey: scheduling ? 'recall:anki.exportScheduling' : 'recall:anki.export',
  icon: IconPackageExport,
  place: { group: 'export', order, bar: 'wide' },
  testIds: { menu: scheduling ? 'anki-export-scheduling' : 'anki-export' },
  allowedReadOnly: true,
  run: (ctx) => exportToAnki(ctx, scheduling),
});

export const learningEditorActions: readonly EditorAction[] = [
  {
    id: 'learning-mode',
    labelKey: 'learning:mode.toggle',
    icon: IconSchool,
    place: { group: 'learning', order: 0, bar: 'always' },
    look: 'toggle',
    color: 'teal',
    testIds: { bar: 'learning-toggle', menu: 'learning-toggle' },
    allowedReadOnly: true,
    useBinding: useLearningToggle,
    run: () => {},
  },
  {
    id: 'study-plan',
    labelKey: 'plans:plan.button',
    icon: IconCalendarTime,
    place: { group: 'learning', order: 1, bar: 'wide' },
    color: 'teal',
    testIds: { bar: 'plan-open', menu: 'plan-open' },
    allowedReadOnly: true,
    useBinding: useStudyPlan,
    run: () => {},
  },
  {
    id: 'tutor',
    labelKey: 'recall:tutor.open',
    icon: IconMessageChatbot,
    place: { group: 'learning', order: 2, bar: 'wide' },
    color: 'teal',
    testIds: { bar: 'tutor-open', menu: 'tutor-open' },
    allowedReadOnly: true,
    useBinding: useTutor,
    run: () => {},
  },
  ankiExport(false, 100),
  ankiExport(true, 101),
  {
    id: 'anki-import',
    labelKey: 'recall:anki.menu',
    icon: IconPackageImport,
    place: { group: 'import', order: 100, bar: 'wide' },
    testIds: { menu: 'anki-import' },
    visible: (ctx) => ctx.tree.abilities.update,
    href: (ctx) => `/learn?import&tree=${ctx.tree.uuid}`,
    run: () => {},
  },
];
