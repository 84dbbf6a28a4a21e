import { Handle, Position, type NodeProps } from '@xyflow/react';
import { Fragment, memo, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { IconChevronDown, IconChevronRight, IconChevronUp, IconChevronLeft } from '@tabler/icons-react';
import type { SkillFlowNode } from '../layout/flow-elements.ts';
import { useEditorState } from '../state/editor-context.ts';
import { useCanvasContext } from './canvas-context.ts';
import { nodeIcon } from './node-icons.ts';
import classes from './SkillNode.module.css';

const HANDLE_POSITIONS = {
  TB: { target: Position.Top, source: Position.Bottom },
  LR: { target: Position.Left, source: Position.Right },
  RADIAL: { target: Position.Top, source: Position.Bottom },
} as const;

function TitleEditor({ id, initial }: { id: string; initial: string }) {
  const { commitTitle, cancelEditing } = useCanvasContext();
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // The canvas pans itself (the editor reveals new nodes); a scroll-into-view would shift it.
    ref.current?.focus({ preventScroll: true });
    ref.current?.select();
  }, []);
  const done = useRef(false);
  const commit = () => {
    if (done.current) return;
    done.current = true;
    const title = value.trim();
    if (title && title !== initial) commitTitle(id, title);
    else cancelEditing();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys typed into the title must not reach the canvas shortcuts (Tab, Enter, Delete…).
    event.stopPropagation();
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      done.current = true;
      cancelEditing();
    }
  };
  return (
    <input
      ref={ref}
      className={`${classes.titleInput} nodrag nopan`}
      value={value}
      maxLength={200}
      aria-label={initial}
      data-testid="node-title-input"
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={commit}
    />
  );
}

const COLLAPSE_ICONS = {
  TB: [IconChevronDown, IconChevronUp],
  LR: [IconChevronRight, IconChevronLeft],
  RADIAL: [IconChevronDown, IconChevronUp],
} as const;

/** First letter (or CJK character) of a title: a node without an icon still has a recognisable badge. */
function monogram(title: string): string {
  return ([...title.trim()][0] ?? '·').toUpperCase();
}

/** One skill: fixed size (NODE_WIDTH × NODE_HEIGHT), memoised on its (stable) data object. */
function SkillNodeView({ id, data, selected }: NodeProps<SkillFlowNode>) {
  const { node, direction, childCount, diff, match, dropHint } = data;
  const { lowZoom, imageUrls, toggleCollapsed, readOnly, collapseLabel, nodeBadges } = useCanvasContext();
  const editing = useEditorState((s) => s.editingId === id);
  const handles = HANDLE_POSITIONS[direction];
  const accent = node.color ?? 'var(--mantine-primary-color-filled)';
  const className = [
    classes.node,
    selected ? classes.selected : '',
    diff ? classes[`diff-${diff}`] : '',
    match ? classes.match : '',
    dropHint ? classes[`drop-${dropHint}`] : '',
    node.parent_id === null ? classes.root : '',
  ].join(' ');
  const badgeContext = { node, readOnly, selected: Boolean(selected) };
  const frames = nodeBadges.map((extension) =>
    extension.nodeFrame ? <Fragment key={extension.id}>{extension.nodeFrame(badgeContext)}</Fragment> : null,
  );
  // Badges (learning mode's status button, discussion counts) on every drawing of the node: zoomed
  // out they are drawn larger, so a status stays visible and its menu reachable at any zoom.
  const badges = nodeBadges.length ? (
    <div
      className={`${classes.extensionBadges} ${lowZoom && !editing ? classes.simpleBadges : ''} nodrag`}
      data-testid="node-badges"
    >
      {nodeBadges.map((extension) => (
        <Fragment key={extension.id}>{extension.nodeBadges?.(badgeContext)}</Fragment>
      ))}
    </div>
  ) : null;
  const handleEls = (
    <>
      <Handle type="target" id="t" position={handles.target} className={classes.handle} isConnectable={!readOnly} />
      <Handle type="source" id="s" position={handles.source} className={classes.handle} isConnectable={!readOnly} />
    </>
  );

  if (lowZoom && !editing) {
    // Zoomed out, a title is unreadable anyway: a coloured pill is a fraction of the DOM and paint.
    return (
      <div
        className={`${className} ${classes.simple}`}
        style={{ '--node-accent': accent } as CSSProperties}
        data-node-id={id}
        data-diff={diff}
        data-testid="skill-node-simple"
      >
        {handleEls}
        {frames}
        <span className={classes.simpleTitle} data-testid="node-simple-title">
          {node.title}
        </span>
        {badges}
      </div>
    );
  }

  const Icon = nodeIcon(node.icon);
  const imageUrl = node.image_id ? imageUrls.get(node.image_id) : undefined;
  const [ExpandIcon, CollapseIcon] = COLLAPSE_ICONS[direction];
  return (
    <div
      className={className}
      style={{ '--node-accent': accent } as CSSProperties}
      data-node-id={id}
      data-diff={diff}
      data-testid="skill-node"
    >
      {handleEls}
      {frames}
      <div className={classes.badge} aria-hidden>
        {imageUrl ? (
          <img src={imageUrl} alt="" className={classes.thumb} draggable={false} />
        ) : Icon ? (
          <Icon size={20} stroke={1.8} />
        ) : (
          <span className={classes.monogram}>{monogram(node.title)}</span>
        )}
      </div>
      <div className={classes.text}>
        {editing ? (
          <TitleEditor id={id} initial={node.title} />
        ) : (
          <div className={classes.title} title={node.title} data-testid="node-title">
            {node.title}
          </div>
        )}
        {node.summary ? <div className={classes.summary}>{node.summary}</div> : null}
      </div>
      {badges}
      {childCount > 0 ? (
        <button
          type="button"
          className={`${classes.collapse} ${classes[`collapse-${direction}`]} nodrag`}
          aria-label={collapseLabel(node.collapsed, childCount)}
          title={collapseLabel(node.collapsed, childCount)}
          onClick={(event) => {
            event.stopPropagation();
            toggleCollapsed(id);
          }}
        >
          {node.collapsed ? <span className={classes.hiddenCount}>{childCount}</span> : <CollapseIcon size={12} />}
          {node.collapsed ? <ExpandIcon size={10} /> : null}
        </button>
      ) : null}
    </div>
  );
}

/**
 * React Flow also passes the node's absolute position; the view does not use it, so a relayout that
 * only moves a node (its data object is reused) re-renders nothing inside it.
 */
export const SkillNode = memo(SkillNodeView, (a, b) => a.id === b.id && a.data === b.data && a.selected === b.selected);
