import {
  IdParam,
  PageQuery,
  Suggestion,
  SuggestionAcceptBody,
  SuggestionCreateBody,
  SuggestionListQuery,
  SuggestionRejectBody,
  SuggestionWithData,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { registerShareList, ShareParams } from '../shares/index.ts';
import * as service from './suggestions.service.ts';
import { messageLocale } from '../../lib/messages/index.ts';

const tags = ['community'];

/**
 * Suggested edits of templates (API.md "Template history and suggestions"): readable without an
 * account (a hidden template's are 404 for all but its author and admins); suggesting, deciding and
 * withdrawing need a login.
 */
export const suggestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };
  const list = '/community/trees-shared/:id/suggestions/';
  const one = '/community/suggestions/:id/';

  registerShareList(app, {
    url: list,
    querystring: SuggestionListQuery.extend(PageQuery.shape),
    item: Suggestion,
    load: (viewer, shareId, query, window) => service.listSuggestions(app.deps, viewer, shareId, query.status, window),
  });

  app.post(
    list,
    { ...auth, schema: { tags, params: ShareParams, body: SuggestionCreateBody, response: { 201: Suggestion } } },
    async (request, reply) => {
      const suggestion = await service.createSuggestion(
        app.deps,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(suggestion);
    },
  );

  app.get(
    one,
    { schema: { tags, security: [], params: IdParam, response: { 200: SuggestionWithData } } },
    async (request) => service.getSuggestion(app.deps, request.user, request.params.id),
  );

  app.post(
    `${one}accept/`,
    {
      ...auth,
      schema: { tags, params: IdParam, body: SuggestionAcceptBody.nullish(), response: { 200: Suggestion } },
    },
    async (request) =>
      service.acceptSuggestion(
        app.deps,
        currentUser(request),
        request.params.id,
        request.body?.resolve,
        messageLocale(request.headers['accept-language']),
      ),
  );

  app.post(
    `${one}reject/`,
    { ...auth, schema: { tags, params: IdParam, body: SuggestionRejectBody, response: { 200: Suggestion } } },
    async (request) => service.rejectSuggestion(app.deps, currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    `${one}withdraw/`,
    { ...auth, schema: { tags, params: IdParam, response: { 200: Suggestion } } },
    async (request) => service.withdrawSuggestion(app.deps, currentUser(request), request.params.id),
  );
};
