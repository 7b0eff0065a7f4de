// The reference: a bare Fastify route on the same machine, answering a small JSON body. /healthz
// answers the bench's nonce (scripts/lib.mjs forkServer), off the measured route.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, message: 'success', value: { ok: true } }));
app.get('/healthz', async (_request, reply) => reply.header('x-bench-nonce', process.env.BENCH_NONCE ?? '').send({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
