import { describe, expect, it } from 'vitest';
import { centredCrop, clampCrop, panBy, sourceSquare, zoomTo } from './crop.ts';

const wide = { width: 400, height: 200 };
const VIEW = 100;

describe('avatar crop geometry', () => {
  it('starts on the centre square of a wide image', () => {
    const crop = centredCrop(wide, VIEW);
    expect(sourceSquare(crop, wide, VIEW)).toEqual({ sx: 100, sy: 0, size: 200 });
  });

  it('never pans past the image edge', () => {
    const crop = panBy(centredCrop(wide, VIEW), 1000, 1000, wide, VIEW);
    expect(sourceSquare(crop, wide, VIEW)).toEqual({ sx: 0, sy: 0, size: 200 });
    const other = panBy(crop, -5000, 0, wide, VIEW);
    expect(sourceSquare(other, wide, VIEW).sx).toBe(200);
  });

  it('zooms around the viewport centre and keeps the zoom in range', () => {
    const zoomed = zoomTo(centredCrop(wide, VIEW), 2, wide, VIEW);
    expect(sourceSquare(zoomed, wide, VIEW)).toEqual({ sx: 150, sy: 50, size: 100 });
    expect(clampCrop({ zoom: 10, x: 0, y: 0 }, wide, VIEW).zoom).toBe(4);
    expect(clampCrop({ zoom: 0.1, x: 0, y: 0 }, wide, VIEW).zoom).toBe(1);
  });
});
