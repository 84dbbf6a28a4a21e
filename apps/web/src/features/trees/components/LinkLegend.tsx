import { Panel, type PanelPosition } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { LINK_COLORS } from '../layout/flow-elements.ts';
import classes from './TreeCanvas.module.css';

/**
 * Says what the two kinds of extra links look like: prerequisite solid with an arrow, related dashed.
 * It sits at the bottom right (away from the root, which a first view puts at the top) unless the
 * minimap holds that corner.
 */
export function LinkLegend({ position = 'bottom-right' }: { position?: PanelPosition }) {
  const { t } = useTranslation('learning');
  return (
    <Panel position={position} className={classes.legend} data-testid="link-legend">
      <span className={classes.legendTitle}>{t('editor.legend')}</span>
      <span className={classes.legendItem}>
        <svg width="30" height="10" aria-hidden>
          <line x1="1" y1="5" x2="22" y2="5" stroke={LINK_COLORS.prerequisite} strokeWidth="2" />
          <path d="M21 1 L29 5 L21 9 Z" fill={LINK_COLORS.prerequisite} />
        </svg>
        {t('editor.legendPrerequisite')}
      </span>
      <span className={classes.legendItem}>
        <svg width="30" height="10" aria-hidden>
          <line x1="1" y1="5" x2="29" y2="5" stroke={LINK_COLORS.related} strokeWidth="2" strokeDasharray="5 4" />
        </svg>
        {t('editor.legendRelated')}
      </span>
    </Panel>
  );
}
