// The framework ceiling: a bare Fastify route answering a static JSON body, logger off. `/hello` is a
// 20-item page; `/doc` a 200-node tree document like the one the API throughput bench reads;
// `/same/<name>` answers the JSON text last put there with `PUT /same/<name>` — the very bytes a route of
// the app answered, so that route and ceiling send the same body (a string: no serialisation at all).
import Fastify from 'fastify';
import { benchTree } from '../editor-tree.ts';

const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
const body = { status: 'ok', items: Array.from({ length: 20 }, (_, i) => ({ id: i, title: `item ${i}` })) };
const doc = { id: 1, title: 'bench', data: benchTree(200) };
const same = new Map<string, string>();
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => done(null, text));
app.get('/api/health/', async () => ({ status: 'ok' }));
app.get('/hello', async () => body);
app.get('/doc', async () => doc);
app.put<{ Params: { name: string }; Body: string }>('/same/:name', async (request, reply) => {
  same.set(request.params.name, request.body);
  return reply.code(204).send();
});
app.get<{ Params: { name: string } }>('/same/:name', async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(same.get(request.params.name) ?? '{}'),
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
