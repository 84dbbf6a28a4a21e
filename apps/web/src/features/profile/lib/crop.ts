/**
 * Square crop geometry for the avatar editor. The image is shown "cover"-scaled in a square viewport
 * of `view` CSS pixels, then zoomed; `x`/`y` are where its top-left corner sits in the viewport
 * (always ≤ 0 so the viewport never shows past the image edge).
 */
export interface CropState {
  zoom: number;
  x: number;
  y: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** Uploaded edge length: twice the server's 256 px so its re-encode downsamples rather than upscales. */
const OUTPUT_SIZE = 512;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Screen pixels per image pixel at a zoom. */
export function scaleAt(image: ImageSize, view: number, zoom: number): number {
  return (view / Math.min(image.width, image.height)) * zoom;
}

/** Keeps the zoom in range and the image covering the whole viewport. */
export function clampCrop(state: CropState, image: ImageSize, view: number): CropState {
  const zoom = clamp(state.zoom, MIN_ZOOM, MAX_ZOOM);
  const scale = scaleAt(image, view, zoom);
  return {
    zoom,
    x: clamp(state.x, view - image.width * scale, 0),
    y: clamp(state.y, view - image.height * scale, 0),
  };
}

/** The starting crop: the centre square of the image. */
export function centredCrop(image: ImageSize, view: number): CropState {
  const scale = scaleAt(image, view, 1);
  return { zoom: 1, x: (view - image.width * scale) / 2, y: (view - image.height * scale) / 2 };
}

/** Zooms keeping the point under (`cx`, `cy`) of the viewport still, as a map does. */
export function zoomTo(
  state: CropState,
  zoom: number,
  image: ImageSize,
  view: number,
  cx = view / 2,
  cy = view / 2,
): CropState {
  const before = scaleAt(image, view, state.zoom);
  const after = scaleAt(image, view, clamp(zoom, MIN_ZOOM, MAX_ZOOM));
  const px = (cx - state.x) / before;
  const py = (cy - state.y) / before;
  return clampCrop({ zoom, x: cx - px * after, y: cy - py * after }, image, view);
}

export function panBy(state: CropState, dx: number, dy: number, image: ImageSize, view: number): CropState {
  return clampCrop({ ...state, x: state.x + dx, y: state.y + dy }, image, view);
}

/** The square of the source image (in its own pixels) that the viewport shows. */
export function sourceSquare(state: CropState, image: ImageSize, view: number) {
  const scale = scaleAt(image, view, state.zoom);
  // `0 - x` rather than `-x`: no negative zero in the result.
  return { sx: (0 - state.x) / scale, sy: (0 - state.y) / scale, size: view / scale };
}

/**
 * Draws the visible square into a canvas and encodes it: WebP where the browser can (small), PNG
 * otherwise. The server sniffs the content either way, so the file name is only a courtesy.
 */
export function renderCrop(
  source: CanvasImageSource,
  state: CropState,
  image: ImageSize,
  view: number,
  size = OUTPUT_SIZE,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas unavailable'));
  const { sx, sy, size: side } = sourceSquare(state, image, view);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, sx, sy, side, side, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), 'image/webp', 0.92),
  );
}
