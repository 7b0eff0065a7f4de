// `npm start`: install, build, then run the server (it migrates and seeds an empty database itself).
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, root, serverFlags, serverNode } from './lib.mjs';

ensureInstalled();
ensureBuilt();

// `npm start` is the demo: sandbox payments and the outbox page, which the server says as it starts.
// A real deployment runs the server with APP_MODE=production (or NODE_ENV=production).
const server = spawn(serverNode(), ['--enable-source-maps', ...serverFlags, 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { APP_MODE: 'demo', ...process.env },
});
// Ctrl-C reaches the server through the terminal's process group; a plain kill of this process is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
