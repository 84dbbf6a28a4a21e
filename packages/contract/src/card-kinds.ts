import { z } from 'zod';

/** API.md "Cards people already have": card kinds, the batch call and card images. */

export const CARD_KINDS = ['basic', 'reversed', 'cloze', 'occlusion'] as const;
export const CardKind = z.enum(CARD_KINDS);
export type CardKind = z.infer<typeof CardKind>;

export const OCCLUSION_MODES = ['hide_one', 'hide_all'] as const;
export const OcclusionMode = z.enum(OCCLUSION_MODES);
export type OcclusionMode = z.infer<typeof OcclusionMode>;

/** At most this many masks on one image (one card each). */
export const OCCLUSION_MAX_MASKS = 100;
/** Largest accepted card image upload. */
export const CARD_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const fraction = z.number().min(0, 'Masks are fractions from 0 to 1.').max(1, 'Masks are fractions from 0 to 1.');

/** A rectangle on the image, as fractions of its width and height (so it survives resizing). */
export const OcclusionMask = z
  .object({ x: fraction, y: fraction, w: fraction, h: fraction })
  .refine((m) => m.w > 0 && m.h > 0 && m.x + m.w <= 1.000001 && m.y + m.h <= 1.000001, {
    message: 'A mask must lie inside the image and have a size.',
  })
  .meta({ id: 'OcclusionMask' });
export type OcclusionMask = z.infer<typeof OcclusionMask>;

export const CardOcclusion = z
  .object({
    image: z.number().int().describe('card image id'),
    url: z.string().describe('where the owner’s browser loads the image (a capability URL, see card images)'),
    width: z.number().int(),
    height: z.number().int(),
    masks: z.array(OcclusionMask),
    index: z.number().int().describe('the mask this card asks for (0-based)'),
    mode: OcclusionMode,
  })
  .meta({ id: 'CardOcclusion' });
export type CardOcclusion = z.infer<typeof CardOcclusion>;

/** What `Card` gains (merged into it in recall.ts). */
export const cardKindFields = {
  kind: CardKind,
  siblings: z.array(z.number().int()).describe('the other cards made from the same input'),
  cloze: z.number().int().nullable().describe('a cloze card’s number (the n of {{cn::…}}); null for other kinds'),
  occlusion: CardOcclusion.nullable().describe('an occlusion card’s image and masks; null for other kinds'),
};

/** `POST /api/learn/card-images/` answers this (201). */
export const CardImage = z
  .object({
    id: z.number().int(),
    url: z.string().describe('a capability URL: loads without a token (so <img> in Markdown works); unguessable'),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'CardImage' });
export type CardImage = z.infer<typeof CardImage>;
