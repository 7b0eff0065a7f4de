// The chat figure's reference: a bare WebSocket echo server (ws, no framework, no database) on the
// same machine. /healthz answers the bench's nonce (scripts/lib.mjs forkServer).
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer((req, res) => {
  if (req.url === '/healthz') {
    res.setHeader('x-bench-nonce', process.env.BENCH_NONCE ?? '');
    res.end('{"status":"ok"}');
    return;
  }
  res.statusCode = 404;
  res.end();
});
const echo = new WebSocketServer({ server, path: '/echo' });
echo.on('connection', (socket) => socket.on('message', (data) => socket.send(data)));
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
