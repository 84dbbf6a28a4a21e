import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { invalid, payloadTooLarge, unsupportedMediaType } from './http-errors.ts';

// Every image the server decodes is a different upload, re-encoded once: libvips's operation cache (up to
// 100 MB by default) would only keep their pixels resident, as an Anki import of 500 images showed.
sharp.cache(false);

const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

export interface ImageLimits {
  maxBytes: number;
  maxSide: number;
}

export interface ProcessedImage {
  body: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

/**
 * Checks an uploaded image by its content (never its name), refuses pixel bombs before decoding,
 * and re-encodes it to WebP so no original bytes (metadata, polyglot payloads) are ever served.
 * `resize`: crop to a square of that side (avatars) or fit inside it (node images).
 */
export async function processImage(
  input: Buffer,
  limits: ImageLimits,
  resize: { cover?: number; fit?: number } = {},
): Promise<ProcessedImage> {
  if (input.length > limits.maxBytes)
    throw payloadTooLarge(`Image is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`);
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw unsupportedMediaType('Only PNG, JPEG, WebP or GIF images are accepted.');
  let meta: sharp.Metadata;
  try {
    // Header-only read: width and height come before any pixel is decoded.
    meta = await sharp(input, { limitInputPixels: limits.maxSide * limits.maxSide }).metadata();
  } catch {
    throw invalid('The image could not be read.');
  }
  if (!meta.width || !meta.height || meta.width > limits.maxSide || meta.height > limits.maxSide) {
    throw invalid(`Image dimensions must be at most ${limits.maxSide}×${limits.maxSide} pixels.`);
  }
  try {
    let pipeline = sharp(input, { limitInputPixels: limits.maxSide * limits.maxSide, animated: false }).rotate();
    if (resize.cover) pipeline = pipeline.resize(resize.cover, resize.cover, { fit: 'cover', position: 'attention' });
    else if (resize.fit)
      pipeline = pipeline.resize(resize.fit, resize.fit, { fit: 'inside', withoutEnlargement: true });
    const { data, info } = await pipeline.webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch {
    throw invalid('The image could not be decoded.');
  }
}
