import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a positive whole number`)
    .transform(Number)
    .refine((n) => n >= 1 && Number.isSafeInteger(n), `${name} must be a positive whole number`);

/** `?page=&page_size=`: DRF page-number pagination; 0, negative or non-numbers are refused with 400. */
export const PageQuery = z.object({
  page: positiveInt('page').optional(),
  page_size: positiveInt('page_size')
    .refine((n) => n <= MAX_PAGE_SIZE, `page_size must be at most ${MAX_PAGE_SIZE}`)
    .optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** `{count, next, previous, results}` around any item schema. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };
