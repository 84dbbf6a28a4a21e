import { useStoreApi } from '@xyflow/react';
import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { LINK_COLORS, type DiffMark } from '../layout/flow-elements.ts';
import type { OverviewRing } from '../extensions.ts';
import { drawOverview, type OverviewPalette, type OverviewScene } from '../layout/overview-scene.ts';
import classes from './TreeCanvas.module.css';

interface OverviewCanvasProps {
  scene: OverviewScene;
  selectedId: string | null;
  matches?: ReadonlySet<string>;
  diff?: ReadonlyMap<string, DiffMark>;
  /** changes with the colour scheme, so the palette is read again */
  colorScheme: 'light' | 'dark';
  /** an extra ring per node (learning mode's status colour) and what changes when it does */
  ring?: OverviewRing | null;
}

type Rgb = [number, number, number];

function parseRgb(color: string): Rgb | null {
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(color);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** `share` of `a` over `b`, as `color-mix(in srgb, a share, b)` would give. */
export function mixRgb(a: Rgb, b: Rgb, share: number): string {
  const c = (i: number) => Math.round(a[i]! * share + b[i]! * (1 - share));
  return `rgb(${c(0)}, ${c(1)}, ${c(2)})`;
}

/** Resolves theme colours (CSS variables, light-dark()) through a hidden probe element inside the canvas. */
function readPalette(probe: HTMLElement): { palette: OverviewPalette; resolve: (css: string) => string } {
  const resolved = new Map<string, string>();
  const resolve = (css: string) => {
    let color = resolved.get(css);
    if (color === undefined) {
      probe.style.color = '';
      probe.style.color = css;
      color = getComputedStyle(probe).color;
      resolved.set(css, color);
    }
    return color;
  };
  const body = parseRgb(resolve('var(--mantine-color-body)')) ?? [255, 255, 255];
  const primary = resolve('var(--mantine-primary-color-filled)');
  const accents = new Map<string | null, { fill: string; stroke: string }>();
  const palette: OverviewPalette = {
    edge: resolve('light-dark(var(--mantine-color-gray-5), var(--mantine-color-dark-3))'),
    border: resolve('light-dark(var(--mantine-color-gray-3), var(--mantine-color-dark-4))'),
    text: resolve('var(--mantine-color-text)'),
    prerequisite: resolve(LINK_COLORS.prerequisite),
    related: resolve(LINK_COLORS.related),
    match: resolve('var(--mantine-color-yellow-6)'),
    diff: {
      added: resolve('var(--mantine-color-green-6)'),
      removed: resolve('var(--mantine-color-red-6)'),
      changed: resolve('var(--mantine-color-orange-5)'),
      moved: resolve('var(--mantine-color-blue-5)'),
    },
    accent(color) {
      let found = accents.get(color);
      if (!found) {
        // SkillNode's zoomed-out pill: the accent at 22 % over the page's body colour.
        const stroke = color === null ? primary : resolve(color) || primary;
        const rgb = parseRgb(stroke);
        found = { stroke, fill: rgb ? mixRgb(rgb, body, 0.22) : stroke };
        accents.set(color, found);
      }
      return found;
    },
  };
  return { palette, resolve };
}

/**
 * The zoomed-out view of a big tree drawn into one <canvas> (layout/overview-scene.ts): React Flow
 * holds no node or edge elements meanwhile, so a pan is one canvas repaint per frame. Redrawn in
 * requestAnimationFrame whenever React Flow's viewport or size changes. Decorative for assistive
 * technology (aria-hidden): TreeCanvas lists the nodes for screen readers beside it.
 */
export const OverviewCanvas = memo(function OverviewCanvas({
  scene,
  selectedId,
  matches,
  diff,
  colorScheme,
  ring,
}: OverviewCanvasProps) {
  const flowStore = useStoreApi();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const probeRef = useRef<HTMLSpanElement>(null);
  const frame = useRef(0);
  const palette = useRef<ReturnType<typeof readPalette> | null>(null);
  const inputs = useRef({ scene, selectedId, matches, diff, ring });
  inputs.current = { scene, selectedId, matches, diff, ring };

  const schedule = useMemo(() => {
    const draw = () => {
      frame.current = 0;
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx || !probeRef.current) return;
      const { transform, width, height } = flowStore.getState();
      if (width < 1 || height < 1) return;
      const dpr = window.devicePixelRatio || 1;
      const w = Math.round(width * dpr);
      const h = Math.round(height * dpr);
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
      palette.current ??= readPalette(probeRef.current);
      const current = inputs.current;
      const { resolve } = palette.current;
      const ringOf = current.ring?.color;
      drawOverview(ctx, current.scene, {
        viewport: { x: transform[0], y: transform[1], zoom: transform[2] },
        width,
        height,
        dpr,
        palette: palette.current.palette,
        selectedId: current.selectedId,
        matches: current.matches,
        diff: current.diff,
        ring: ringOf
          ? (id) => {
              const color = ringOf(id);
              return color ? resolve(color) : null;
            }
          : undefined,
      });
    };
    return () => {
      if (!frame.current) frame.current = requestAnimationFrame(draw);
    };
  }, [flowStore]);

  useEffect(
    () =>
      flowStore.subscribe((state, previous) => {
        if (
          state.transform !== previous.transform ||
          state.width !== previous.width ||
          state.height !== previous.height
        )
          schedule();
      }),
    [flowStore, schedule],
  );
  useEffect(
    () => () => {
      if (frame.current) cancelAnimationFrame(frame.current);
      frame.current = 0;
    },
    [],
  );
  // A new theme: colours are read again at the next frame.
  useLayoutEffect(() => {
    palette.current = null;
  }, [colorScheme]);
  useLayoutEffect(schedule, [schedule, scene, selectedId, matches, diff, ring?.version, colorScheme]);

  return (
    <>
      <canvas ref={canvasRef} className={classes.overview} aria-hidden data-testid="overview-canvas" />
      <span ref={probeRef} className={classes.overviewProbe} aria-hidden />
    </>
  );
});

/** The overview with an extension's rings (learning mode's status colours), read through its hook. */
export function RingedOverviewCanvas({
  useRing,
  ...props
}: Omit<OverviewCanvasProps, 'ring'> & { useRing: () => OverviewRing | null }) {
  const ring = useRing();
  return <OverviewCanvas {...props} ring={ring} />;
}
