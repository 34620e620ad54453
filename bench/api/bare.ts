/**
 * The baseline of bench/api: a bare Fastify server on the same machine, one route that answers
 * every GET with a small constant envelope — no authentication, no database, no validation.
 * It is the floor: what Node, Fastify and HTTP keep-alive cost at the same request rate.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const app = Fastify({ logger: false });
const body = { result: true, data: null, messages: [], useAlert: false };
app.get('/*', async () => body);
await app.listen({ host: '127.0.0.1', port });
console.log(`bare listening on ${port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
