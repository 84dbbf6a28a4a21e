import multipart from '@fastify/multipart';
import {
  ANKI_IMPORT_MAX_BYTES,
  AnkiExportQuery,
  AnkiImportAccepted,
  AnkiImportFields,
  AnkiImportJob,
  AnkiImportJobParam,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../lib/http-errors.ts';
import { messageLocale } from '../../lib/messages/index.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { currentUser } from '../../plugins/auth.ts';
import { exportAnki } from './anki-export.service.ts';
import { getAnkiImport, startAnkiImport } from './anki-import.service.ts';

const tags = ['learning'];
const FORM_FIELDS = new Set(['tree', 'title']);

/**
 * API.md "Cards people already have": `POST /api/learn/import/anki/` (multipart `file`, `tree` or
 * `title`) → 202 and a job; `GET /api/learn/import/{job}/` (its importer only); `GET
 * /api/learn/export/anki/` → an `.apkg`. Signed-in callers only.
 */
export const ankiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: ANKI_IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  app.addHook('onRequest', app.requireAuth);
  const { deps } = app;

  app.post(
    '/learn/import/anki/',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 202: AnkiImportAccepted } } },
    async (request, reply) => {
      let upload: Buffer | null = null;
      const fields: Record<string, string> = {};
      await readMultipart(request, async (part) => {
        if (part.type === 'file') {
          // Every file part is drained so the request completes; only `file` is kept.
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file' && !upload) upload = bytes;
        } else if (FORM_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      });
      const parsed = AnkiImportFields.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = String(issue.path[0] ?? 'tree');
        throw invalid(issue.message, { [field]: [issue.message] });
      }
      return reply.code(202).send(await startAnkiImport(deps, currentUser(request), upload, parsed.data));
    },
  );

  app.get(
    '/learn/import/:job/',
    { schema: { tags, params: AnkiImportJobParam, response: { 200: AnkiImportJob } } },
    (request) =>
      getAnkiImport(deps, currentUser(request), request.params.job, messageLocale(request.headers['accept-language'])),
  );

  app.get(
    '/learn/export/anki/',
    {
      schema: {
        tags,
        querystring: AnkiExportQuery,
        response: { 200: z.any().describe('application/octet-stream: an .apkg (collection.anki21)') },
      },
    },
    async (request, reply) => {
      const file = await exportAnki(deps, currentUser(request), request.query);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', file.disposition)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
