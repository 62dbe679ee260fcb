/**
 * `npm start` as a container runtime runs it (docs/operations.md#how-npm-start-works):
 * SIGTERM to the npm process drains in-flight requests and stops the server
 * within 10 s with the port free, and a second start reuses a current client
 * build. Both starts share one build (the first builds only if it is stale).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isListening, PROJECT_ROOT, startNpm, waitForHealth, type AppProcess } from '../helpers/app-process';

const BUILT_INDEX = path.join(PROJECT_ROOT, 'dist/client/index.html');
const started: AppProcess[] = [];
const dataDirs: string[] = [];

afterAll(() => {
  for (const app of started) app.killGroup();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-start-'));
  dataDirs.push(dataDir);
  const app = startNpm(await freePort(), { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'true' });
  started.push(app);
  return app;
}

/** Resolves `ms` later. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until nothing listens on `port` any more, or `timeoutMs` passes; returns whether it is free. */
async function waitUntilFree(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await isListening(port))) return true;
    await sleep(100);
  }
  return false;
}

/** Everything the server sends on `socket` until it closes the connection. */
function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.once('close', () => resolve(received));
  });
}

describe('npm start', () => {
  it('stops on SIGTERM to the npm process within 10 s: in-flight request answered, port free', async () => {
    const app = await start();
    await waitForHealth(app, 300_000);

    // A request in flight: headers sent, body only half sent when the signal arrives.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const socket = connect({ port: app.port, host: '127.0.0.1' });
    await new Promise((resolve) => socket.once('connect', resolve));
    const response = readUntilClosed(socket);
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(300);

    const signalledAt = Date.now();
    app.child.kill('SIGTERM'); // the npm process only, as `docker stop` signals PID 1
    // The listening socket closes first; the request in flight still gets its answer.
    expect(await waitUntilFree(app.port, 5_000), 'the port still accepts connections 5 s after SIGTERM').toBe(true);
    socket.write(body.slice(10));
    expect(await response).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);

    const result = await Promise.race([app.exited, sleep(10_000).then(() => 'still running' as const)]);
    expect(result, 'npm start was still running 10 s after SIGTERM').not.toBe('still running');
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(result).toEqual({ code: 0, signal: null });
    // Nothing left behind: the server did not outlive npm.
    await sleep(500);
    expect(await isListening(app.port), `a process still listens on ${app.port} after npm exited`).toBe(false);
  }, 360_000);

  it('does not rebuild a current client build', async () => {
    const builtAt = statSync(BUILT_INDEX).mtimeMs;
    const app = await start();
    await waitForHealth(app, 120_000);
    expect(app.output()).toContain('client build is current');
    expect(statSync(BUILT_INDEX).mtimeMs).toBe(builtAt);

    // The built server estimates password strength in its own worker (dist/server/password-worker.js).
    const signUp = (email: string, password: string) =>
      fetch(`${app.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Maya', lastName: 'Patel', email, password, acceptedTerms: true }),
      });
    expect((await signUp('built-strong@example.test', 'violet-harbor-quietly-87-lantern')).status).toBe(201);
    const weak = await signUp('built-weak@example.test', 'password123');
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { message: string }).message).toMatch(/common password/);

    app.child.kill('SIGTERM');
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(await isListening(app.port)).toBe(false);
  }, 180_000);
});
