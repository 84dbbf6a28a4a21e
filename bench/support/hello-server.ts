// The framework ceiling: a bare Fastify route answering a small static JSON body, logger off.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { status: 'ok', items: Array.from({ length: 20 }, (_, i) => ({ id: i, title: `item ${i}` })) };
app.get('/api/health/', async () => ({ status: 'ok' }));
app.get('/hello', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
