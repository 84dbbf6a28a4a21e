// Learning mode's editor actions, loaded with the editor (never with the app's first bundle): "Learn"
// (on/off) on every toolbar, "Plan my study" while it is on (a phone's More menu holds it).
import { IconCalendarTime, IconSchool } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorAction, EditorActionBinding, EditorActionContext } from '../trees/index.ts';
import { useLearning, useLearningState } from './components/mode/learning-store.ts';

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
];
