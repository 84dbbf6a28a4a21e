import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle, DB, Dialect } from '../db/connection.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    dialect: Dialect;
  }
}

/** Exposes the database to routes as `app.db`; closes it when the server closes. */
async function dbPlugin(app: FastifyInstance, opts: { handle: DatabaseHandle; ownsHandle: boolean }) {
  app.decorate('db', opts.handle.db);
  app.decorate('dialect', opts.handle.dialect);
  if (opts.ownsHandle) app.addHook('onClose', async () => opts.handle.close());
}

export default fp(dbPlugin, { name: 'db' });
