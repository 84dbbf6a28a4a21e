// In-page probes are strings: this file is type-checked without the DOM library.
/** Resolves after the next frame and a task: the page has painted and can take input. */
export const SETTLED = `new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)))`;

/**
 * Presses the mouse on `selector` and moves it back and forth a few pixels every frame for `ms`,
 * counting rAF callbacks; also reports whether the viewport (or node) really moved.
 */
export const MOVE_LOOP = (selector: string, ms: number) => `(async () => {
  const target = document.querySelector(${JSON.stringify(selector)});
  if (!target) return { fps: 0, moved: false, worstFrameMs: 0 };
  const box = target.getBoundingClientRect();
  let x = box.left + Math.min(box.width / 2, 60), y = box.top + box.height / 2;
  const init = (type, extra = {}) => ({ bubbles: true, cancelable: true, view: window, clientX: x, clientY: y, button: 0, buttons: 1, pointerId: 1, isPrimary: true, ...extra });
  const viewport = document.querySelector('.react-flow__viewport');
  const before = viewport.style.transform + '|' + target.style.transform;
  target.dispatchEvent(new PointerEvent('pointerdown', init('pointerdown')));
  target.dispatchEvent(new MouseEvent('mousedown', init('mousedown')));
  let frames = 0, step = 0, last = performance.now(), worst = 0;
  const start = last;
  await new Promise((resolve) => {
    const tick = (now) => {
      frames++;
      worst = Math.max(worst, now - last);
      last = now;
      step++;
      // a slow oval, so the pointer stays near where it started
      x += Math.cos(step / 20) * 6;
      y += Math.sin(step / 20) * 4;
      window.dispatchEvent(new PointerEvent('pointermove', init('pointermove')));
      window.dispatchEvent(new MouseEvent('mousemove', init('mousemove')));
      if (now - start < ${ms}) requestAnimationFrame(tick); else resolve();
    };
    requestAnimationFrame(tick);
  });
  const moved = viewport.style.transform + '|' + target.style.transform !== before;
  window.dispatchEvent(new PointerEvent('pointerup', init('pointerup', { buttons: 0 })));
  window.dispatchEvent(new MouseEvent('mouseup', init('mouseup', { buttons: 0 })));
  return { fps: frames / ((performance.now() - start) / 1000), moved, worstFrameMs: worst };
})()`;
