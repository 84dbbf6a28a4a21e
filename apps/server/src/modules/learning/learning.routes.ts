import {
  Activity,
  ActivityQuery,
  LearnerSettings,
  LearnerSettingsPatch,
  LearningPath,
  LearningSubjectSummary,
  Note,
  NoteConflict,
  NoteBody,
  NoteSearchHit,
  NoteSearchQuery,
  paginated,
  PathQuery,
  Progress,
  ProgressBulkBody,
  ProgressQuery,
  ProgressUpdateBody,
  SubjectsQuery,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { sendTrustedJson } from '../../lib/trusted-json.ts';
import { currentUser } from '../../plugins/auth.ts';
import { memoryRoutes } from './memory.routes.ts';
import { listNotes, saveNote, searchOwnNotes } from './notes.service.ts';
import { planRoutes } from './plans.routes.ts';
import { getPath, getProgress, updateProgress, updateProgressInBulk } from './progress.service.ts';
import { recallAiRoutes } from './recall-ai.routes.ts';
import { recallRoutes } from './recall.routes.ts';
import { cardImagesRoutes } from './card-images.routes.ts';
import { optimizerRoutes } from './optimizer.routes.ts';
import { adoptBrowserTimezone, BROWSER_TIMEZONE_HEADER, getSettings, updateSettings } from './settings.service.ts';
import { forgetSubject, getActivity, listLearnedSubjects } from './subjects.service.ts';

const tags = ['learning'];

/** `/api/learn/…`: a learner's progress, paths, subjects, activity and notes, private to them (API.md "Learning"). */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth);
  const { deps } = app;
  // Before any learning call reads the learner's day: a first use takes the browser's time zone.
  app.addHook('preHandler', async (request) =>
    adoptBrowserTimezone(deps, currentUser(request), request.headers[BROWSER_TIMEZONE_HEADER]),
  );
  await app.register(recallRoutes);
  await app.register(cardImagesRoutes);
  await app.register(memoryRoutes);

  app.get(
    '/learn/progress/',
    { schema: { tags, querystring: ProgressQuery, response: { 200: Progress } } },
    async (request, reply) => sendTrustedJson(reply, await getProgress(deps, currentUser(request), request.query)),
  );
  app.put(
    '/learn/progress/',
    { schema: { tags, body: ProgressUpdateBody, response: { 200: Progress } } },
    async (request, reply) => sendTrustedJson(reply, await updateProgress(deps, currentUser(request), request.body)),
  );
  app.post(
    '/learn/progress/bulk/',
    { schema: { tags, body: ProgressBulkBody, response: { 200: Progress } } },
    async (request, reply) =>
      sendTrustedJson(reply, await updateProgressInBulk(deps, currentUser(request), request.body)),
  );
  app.get('/learn/path/', { schema: { tags, querystring: PathQuery, response: { 200: LearningPath } } }, (request) =>
    getPath(deps, currentUser(request), request.query),
  );

  app.get(
    '/learn/subjects/',
    { schema: { tags, querystring: SubjectsQuery, response: { 200: paginated(LearningSubjectSummary) } } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await listLearnedSubjects(deps, currentUser(request), window);
      return paginate(request, deps.config.publicBaseUrl, window, count, results);
    },
  );
  app.delete('/learn/subjects/', { schema: { tags, querystring: ProgressQuery } }, async (request, reply) => {
    await forgetSubject(deps, currentUser(request), request.query);
    return reply.code(204).send();
  });

  app.get(
    '/learn/activity/',
    { schema: { tags, querystring: ActivityQuery, response: { 200: Activity } } },
    (request) => getActivity(deps, currentUser(request), request.query.days ?? 365),
  );

  app.get(
    '/learn/notes/',
    { schema: { tags, querystring: ProgressQuery, response: { 200: z.array(Note) } } },
    (request) => listNotes(deps, currentUser(request), request.query),
  );
  app.put(
    '/learn/notes/',
    {
      schema: {
        tags,
        body: NoteBody,
        response: {
          200: Note,
          204: z.null().describe('empty content: the note is deleted'),
          409: NoteConflict.describe('base_updated_at is older than the stored note, which is answered'),
        },
      },
    },
    async (request, reply) => {
      const note = await saveNote(deps, currentUser(request), request.body);
      return note ?? reply.code(204).send(null);
    },
  );
  app.get(
    '/learn/notes/search/',
    { schema: { tags, querystring: NoteSearchQuery, response: { 200: z.array(NoteSearchHit) } } },
    (request) => searchOwnNotes(deps, currentUser(request), request.query.q),
  );

  app.get('/learn/settings/', { schema: { tags, response: { 200: LearnerSettings } } }, (request) =>
    getSettings(deps, currentUser(request)),
  );
  app.patch(
    '/learn/settings/',
    { schema: { tags, body: LearnerSettingsPatch, response: { 200: LearnerSettings } } },
    (request) => updateSettings(deps, currentUser(request), request.body),
  );

  // AI cards and quizzes, plans and the feed's address: signed in like everything above.
  await app.register(recallAiRoutes);
  await app.register(planRoutes);
  await app.register(optimizerRoutes);
};
