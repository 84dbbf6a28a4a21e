import {
  Assignment,
  AssignmentCreate,
  AssignmentUpdate,
  Dashboard,
  DashboardQuery,
  Group,
  GroupAssignmentParams,
  GroupCreate,
  GroupJoin,
  GroupMember,
  GroupMemberParams,
  GroupMemberUpdate,
  GroupParams,
  GroupPreview,
  GroupPreviewQuery,
  GroupUpdate,
  JoinCodeAnswer,
  NudgeAnswer,
  NudgeBody,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendTrustedJson } from '../../lib/trusted-json.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as assignments from './assignments.service.ts';
import { dashboardCsv } from './dashboard-csv.ts';
import { dashboardJson } from './dashboard-json.ts';
import * as groups from './groups.service.ts';

const tags = ['groups'];

/**
 * Groups (API.md "Groups"): every call needs a signed-in caller; a group, member or assignment the
 * caller is not part of answers 404 (admins have no special access); teaching calls answer 403 to
 * members.
 */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', app.requireAuth);
  const one = '/groups/:uuid/';
  const member = '/groups/:uuid/members/:user_id/';
  const assignment = '/groups/:uuid/assignments/:id/';

  app.get('/groups/', { schema: { tags, response: { 200: z.array(Group) } } }, async (request) =>
    groups.listGroups(deps, currentUser(request)),
  );
  app.post('/groups/', { schema: { tags, body: GroupCreate, response: { 201: Group } } }, async (request, reply) =>
    reply.code(201).send(await groups.createGroup(deps, currentUser(request), request.body)),
  );
  app.get(
    '/groups/preview/',
    { schema: { tags, querystring: GroupPreviewQuery, response: { 200: GroupPreview } } },
    async (request) => groups.previewGroup(deps, currentUser(request), request.query.code),
  );
  app.post('/groups/join/', { schema: { tags, body: GroupJoin, response: { 201: Group } } }, async (request, reply) =>
    reply.code(201).send(await groups.joinGroup(deps, currentUser(request), request.body)),
  );

  app.get(one, { schema: { tags, params: GroupParams, response: { 200: Group } } }, async (request) =>
    groups.getGroup(deps, currentUser(request), request.params.uuid),
  );
  app.patch(
    one,
    { schema: { tags, params: GroupParams, body: GroupUpdate, response: { 200: Group } } },
    async (request) => groups.updateGroup(deps, currentUser(request), request.params.uuid, request.body),
  );
  app.delete(one, { schema: { tags, params: GroupParams } }, async (request, reply) => {
    await groups.deleteGroup(deps, currentUser(request), request.params.uuid);
    return reply.code(204).send();
  });
  app.post(
    `${one}rotate_code/`,
    { schema: { tags, params: GroupParams, response: { 200: JoinCodeAnswer } } },
    async (request) => groups.rotateCode(deps, currentUser(request), request.params.uuid),
  );

  app.get(
    `${one}members/`,
    { schema: { tags, params: GroupParams, response: { 200: z.array(GroupMember) } } },
    async (request) => groups.listMembers(deps, currentUser(request), request.params.uuid),
  );
  app.patch(
    member,
    { schema: { tags, params: GroupMemberParams, body: GroupMemberUpdate, response: { 200: GroupMember } } },
    async (request) =>
      groups.setMemberRole(deps, currentUser(request), request.params.uuid, request.params.user_id, request.body.role),
  );
  app.delete(member, { schema: { tags, params: GroupMemberParams } }, async (request, reply) => {
    await groups.removeMember(deps, currentUser(request), request.params.uuid, request.params.user_id);
    return reply.code(204).send();
  });

  app.get(
    `${one}assignments/`,
    { schema: { tags, params: GroupParams, response: { 200: z.array(Assignment) } } },
    async (request) => assignments.listAssignments(deps, currentUser(request), request.params.uuid),
  );
  app.post(
    `${one}assignments/`,
    { schema: { tags, params: GroupParams, body: AssignmentCreate, response: { 201: Assignment } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await assignments.createAssignment(deps, currentUser(request), request.params.uuid, request.body)),
  );
  app.get(
    assignment,
    { schema: { tags, params: GroupAssignmentParams, response: { 200: Assignment } } },
    async (request) => assignments.getAssignment(deps, currentUser(request), request.params.uuid, request.params.id),
  );
  app.patch(
    assignment,
    { schema: { tags, params: GroupAssignmentParams, body: AssignmentUpdate, response: { 200: Assignment } } },
    async (request) =>
      assignments.updateAssignment(deps, currentUser(request), request.params.uuid, request.params.id, request.body),
  );
  app.delete(assignment, { schema: { tags, params: GroupAssignmentParams } }, async (request, reply) => {
    await assignments.deleteAssignment(deps, currentUser(request), request.params.uuid, request.params.id);
    return reply.code(204).send();
  });
  app.get(
    `${assignment}progress/`,
    {
      schema: {
        tags,
        params: GroupAssignmentParams,
        querystring: DashboardQuery,
        response: { 200: Dashboard.or(z.string().describe('with ?format=csv: text/csv with a BOM')) },
      },
    },
    async (request, reply) => {
      const dashboard = await assignments.getDashboard(
        deps,
        currentUser(request),
        request.params.uuid,
        request.params.id,
      );
      // Written from typed rows: sent without re-validating 60,000 cells through the schema.
      if (request.query.format !== 'csv') return sendTrustedJson(reply, dashboardJson(dashboard));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="assignment-${request.params.id}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(dashboardCsv(dashboard));
    },
  );
  app.post(
    `${assignment}nudge/`,
    { schema: { tags, params: GroupAssignmentParams, body: NudgeBody, response: { 200: NudgeAnswer } } },
    async (request) =>
      assignments.nudge(deps, currentUser(request), request.params.uuid, request.params.id, request.body),
  );
};
