import { z } from 'zod';
import { exactlyOneSubject, oneSubjectIssue, subjectFields } from './learning.ts';

/** API.md "Cards people already have": Anki import (a background job) and export. */

/** Largest `.apkg`/`.colpkg` accepted (the multipart parser stops larger ones with 413). */
export const ANKI_IMPORT_MAX_BYTES = 200 * 1024 * 1024;

/** The multipart fields beside `file`: a tree the caller owns, or a title for a new tree. */
export const AnkiImportFields = z
  .object({
    tree: z.string().trim().min(1).max(64).optional(),
    title: z.string().trim().min(1, 'A title is required.').max(200, 'Titles are at most 200 characters.').optional(),
  })
  .refine((fields) => (fields.tree === undefined) !== (fields.title === undefined), {
    message: 'Name exactly one of tree or title.',
    path: ['tree'],
  });
export type AnkiImportFields = z.infer<typeof AnkiImportFields>;

export const AnkiImportAccepted = z.object({ job: z.string() }).meta({ id: 'AnkiImportAccepted' });
export type AnkiImportAccepted = z.infer<typeof AnkiImportAccepted>;

export const ANKI_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const AnkiImportResult = z.object({
  tree: z.string().describe('uuid of the tree the cards went to'),
  nodes_created: z.number().int(),
  cards_created: z.number().int(),
  reviews_imported: z.number().int(),
  media_imported: z.number().int(),
  skipped: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type AnkiImportResult = z.infer<typeof AnkiImportResult>;

export const AnkiImportJob = z
  .object({
    status: z.enum(ANKI_IMPORT_STATUSES),
    percent: z.number().int().min(0).max(100),
    result: AnkiImportResult.nullable(),
    error: z.string().nullable().describe('why the import failed, in the language of Accept-Language'),
  })
  .meta({ id: 'AnkiImportJob' });
export type AnkiImportJob = z.infer<typeof AnkiImportJob>;

export const AnkiImportJobParam = z.object({ job: z.string().uuid() });

export const AnkiExportQuery = z
  .object({
    ...subjectFields,
    scheduling: z.enum(['0', '1']).optional().describe('1: the cards keep their due dates and history'),
  })
  .refine(exactlyOneSubject, oneSubjectIssue);
export type AnkiExportQuery = z.infer<typeof AnkiExportQuery>;
