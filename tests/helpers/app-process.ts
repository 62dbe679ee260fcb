/**
 * The app as a real process, started the way a user starts it (`npm start`),
 * for the browser tests' global setup and the process tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The project root (where package.json is). */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** True when something accepts TCP connections on 127.0.0.1:`port`. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A started `npm start` and what it printed so far. */
export interface AppProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** stdout and stderr, interleaved. */
  output(): string;
  /** Resolves when the npm process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILLs the whole process group (npm and anything it left behind). */
  killGroup(): void;
}

/**
 * Spawns `npm start` in its own process group on `port`, with `env` over the
 * current environment (minus DATABASE_URL, NODE_ENV and PAYMENTS, so the app
 * runs on its defaults: embedded database, demo payments).
 */
export function startNpm(port: number, env: NodeJS.ProcessEnv): AppProcess {
  const fullEnv: NodeJS.ProcessEnv = { ...process.env };
  delete fullEnv.DATABASE_URL;
  delete fullEnv.NODE_ENV;
  delete fullEnv.PAYMENTS;
  Object.assign(fullEnv, { PORT: String(port) }, env);
  const child = spawn('npm', ['start'], { cwd: PROJECT_ROOT, env: fullEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => log,
    exited,
    killGroup() {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is already gone
      }
    },
  };
}

/**
 * Polls `/api/health` until it answers 200.
 * @throws Error with the end of the output when the process exits first or `timeoutMs` passes.
 */
export async function waitForHealth(app: AppProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`npm start exited with ${app.child.exitCode}:\n${app.output().slice(-4000)}`);
    try {
      const response = await fetch(`${app.baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The app did not answer ${app.baseUrl}/api/health within ${timeoutMs / 1000}s:\n${app.output().slice(-4000)}`);
}
