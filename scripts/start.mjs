/**
 * `npm start`: builds the client and the server only when they are stale
 * (scripts/build.mjs), then runs the compiled server, dist/server/main.js, in
 * this same process. So the SIGTERM a container runtime sends to `npm start`
 * (npm passes it on to us) reaches the server itself, which drains and exits
 * within 10 s; npm exits after it, with its status. Nothing is left behind.
 */
import { pathToFileURL } from 'node:url';
import { build, SERVER_ENTRY } from './build.mjs';

// A stop asked for while building: let the build's own handlers pass the signal
// on to a running `vite build` first, then exit (a half-done build stays stale).
const stopWhileBuilding = (signal) => {
  console.log(`${signal} while building: stopping.`);
  setImmediate(() => process.exit(0));
};
process.on('SIGTERM', stopWhileBuilding);
process.on('SIGINT', stopWhileBuilding);

try {
  await build(['client', 'server'], { onlyIfStale: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

process.off('SIGTERM', stopWhileBuilding);
process.off('SIGINT', stopWhileBuilding);
process.setSourceMapsEnabled(true);
// The server installs its own SIGTERM/SIGINT handlers (src/server/main.ts).
await import(pathToFileURL(SERVER_ENTRY).href);
