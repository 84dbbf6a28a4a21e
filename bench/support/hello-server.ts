// The framework ceiling: a bare Fastify route answering a static JSON body, logger off. `/hello` is a
// 20-item page; `/doc` a 200-node tree document like the one the API throughput bench reads.
import Fastify from 'fastify';
import { benchTree } from '../editor-tree.ts';

const app = Fastify({ logger: false });
const body = { status: 'ok', items: Array.from({ length: 20 }, (_, i) => ({ id: i, title: `item ${i}` })) };
const doc = { id: 1, title: 'bench', data: benchTree(200) };
app.get('/api/health/', async () => ({ status: 'ok' }));
app.get('/hello', async () => body);
app.get('/doc', async () => doc);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
