/**
 * The production build, shared by `npm run build` (always builds) and
 * `npm start` (scripts/start.mjs: builds only what is stale).
 *
 * - client: `vite build` into dist/client;
 * - server: src/server/main.ts bundled by esbuild into dist/server/main.js, and the
 *   password strength worker into dist/server/password-worker.js
 *   (ESM for Node 20; npm packages stay external and load from node_modules).
 *   `import.meta.url` in our own sources is replaced by the source file's URL,
 *   so paths built from it (the SQL migrations, dist/client) resolve exactly
 *   as they do under tsx.
 *
 * Each build records a SHA-256 of its inputs (file paths and contents) in
 * dist/.<name>-build.json; a build whose inputs hash to the recorded value and
 * whose output exists is current. A lock directory (dist/.build-lock) keeps two
 * starts on one checkout from building at the same time.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** The project root (where package.json is). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'dist');
/** The compiled server's entry point. */
export const SERVER_ENTRY = path.join(DIST, 'server', 'main.js');
const LOCK_DIR = path.join(DIST, '.build-lock');
const SHARED_INPUTS = ['src/shared', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs'];

/** The two builds: what they read, what proves they ran, how to run them. */
export const TARGETS = {
  client: {
    inputs: ['src/client', 'public', 'index.html', 'vite.config.ts', ...SHARED_INPUTS],
    output: path.join(DIST, 'client', 'index.html'),
    build: buildClient,
  },
  server: {
    inputs: ['src/server', ...SHARED_INPUTS],
    output: SERVER_ENTRY,
    build: buildServer,
  },
};

/** Files under `entry` (a file or a directory), relative to ROOT, sorted; missing entries give none. */
function listFiles(entry) {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((dirent) => dirent.name !== 'node_modules' && dirent.name !== '.DS_Store')
    .flatMap((dirent) => listFiles(path.join(entry, dirent.name)))
    .sort();
}

/**
 * SHA-256 (hex) of a target's inputs: every file's path and contents, plus for
 * the client the VITE_* variables Vite would inline (from the environment and
 * `.env` files).
 */
export function inputHash(name) {
  const hash = createHash('sha256');
  for (const file of TARGETS[name].inputs.flatMap(listFiles)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  if (name === 'client') {
    const viteVariables = Object.entries(process.env).filter(([key]) => key.startsWith('VITE_'));
    hash.update(JSON.stringify(viteVariables.sort()));
    for (const file of readdirSync(ROOT)
      .filter((f) => f.startsWith('.env') && f !== '.env.example')
      .sort()) {
      const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
      hash.update(`${file}\0${lines.filter((line) => /^\s*(export\s+)?VITE_/.test(line)).join('\n')}\0`);
    }
  }
  return hash.digest('hex');
}

function stampPath(name) {
  return path.join(DIST, `.${name}-build.json`);
}

/** Whether the target's output exists and was built from inputs hashing to `hash`. */
export function isCurrent(name, hash = inputHash(name)) {
  if (!existsSync(TARGETS[name].output)) return false;
  try {
    return JSON.parse(readFileSync(stampPath(name), 'utf8')).inputHash === hash;
  } catch {
    return false;
  }
}

/** Runs `node <script> ...args` in ROOT, stdio inherited; SIGTERM/SIGINT to us are passed on. */
function runNode(script, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    process.on('SIGTERM', forward);
    process.on('SIGINT', forward);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(script)} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

async function buildClient() {
  const require = createRequire(import.meta.url);
  const vitePackage = require.resolve('vite/package.json');
  const viteBin = path.join(path.dirname(vitePackage), JSON.parse(readFileSync(vitePackage, 'utf8')).bin.vite);
  // Warnings and errors only: Vite's own report lists every one of the ~280 files.
  await runNode(viteBin, ['build', '--logLevel', 'warn']);
  precompress(path.join(DIST, 'client'));
  console.log(clientSummary(path.join(DIST, 'client')));
}

/**
 * A few lines on the built client in `dir` instead of Vite's per-file report: how many files and
 * scripts, their total size and gzip size (the `.gz` files {@link precompress} wrote), and the largest
 * scripts (Vite warns above 500 kB).
 */
export function clientSummary(dir) {
  const files = listFiles(path.relative(ROOT, dir)).filter(
    (file) => !/\.(gz|br)$/.test(file) && !file.includes(`${path.sep}.vite${path.sep}`),
  );
  const scripts = files
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const full = path.join(ROOT, file);
      const bytes = statSync(full).size;
      const gzip = existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : bytes;
      return { name: path.basename(file), bytes, gzip };
    })
    .sort((a, b) => b.bytes - a.bytes);
  const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  const sum = (key) => scripts.reduce((total, script) => total + script[key], 0);
  return [
    `  ${files.length} files in ${path.relative(ROOT, dir)}, ${scripts.length} of them scripts: ${kB(sum('bytes'))} (${kB(sum('gzip'))} gzip)`,
    `  largest: ${scripts
      .slice(0, 3)
      .map((script) => `${script.name} ${kB(script.bytes)}`)
      .join(', ')}`,
  ].join('\n');
}

/** Text files worth compressing ahead of time. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside
 * every compressible built file over 1 KB, once per build, so the server
 * sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing on every request.
 */
function precompress(dir) {
  for (const dirent of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, dirent.name);
    if (dirent.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(dirent.name)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  }
}

/**
 * esbuild plugin: `import.meta.url` (and `.dirname`, `.filename`) in our sources
 * become the source file's own location, written relative to the bundle so the
 * checkout may move. `new URL('./migrations', import.meta.url)` in
 * src/server/db/client.ts thus still finds src/server/db/migrations.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    const sources = path.join(ROOT, 'src') + path.sep;
    const outDir = path.dirname(SERVER_ENTRY);
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (!args.path.startsWith(sources)) return undefined;
      const file = JSON.stringify(path.relative(outDir, args.path).split(path.sep).join('/'));
      const dir = JSON.stringify(`/${path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/')}`);
      const contents = readFileSync(args.path, 'utf8').replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, property) => {
        if (property === 'url') return `new URL(${file}, import.meta.url).href`;
        if (property === 'dirname') return `(import.meta.dirname + ${dir})`;
        return `(import.meta.dirname + "/" + ${file})`;
      });
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

async function buildServer() {
  const esbuild = await import('esbuild');
  await esbuild.build({
    // The password strength worker (src/server/auth/password-check.ts) is its own entry point,
    // dist/server/password-worker.js, which piscina loads in its worker threads.
    entryPoints: { main: path.join(ROOT, 'src/server/main.ts'), 'password-worker': path.join(ROOT, 'src/server/auth/password-worker.ts') },
    outdir: path.dirname(SERVER_ENTRY),
    define: { SERVER_BUNDLE: 'true' },
    bundle: true,
    // Dynamic imports become chunks of their own, loaded (with their packages) only when imported:
    // main.ts starts tracing before the server's modules load.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    plugins: [sourceLocations],
    logLevel: 'warning',
  });
  await esbuild.stop(); // its service process would otherwise idle beside the server
}

function processIsAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Runs `task` holding dist/.build-lock; waits for another live holder, takes over from a dead one. */
async function withBuildLock(task) {
  mkdirSync(DIST, { recursive: true });
  let announced = false;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(path.join(LOCK_DIR, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let holder = NaN;
      try {
        holder = Number(readFileSync(path.join(LOCK_DIR, 'pid'), 'utf8'));
      } catch {
        // being created or removed right now
      }
      const lockAge = Date.now() - (statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if ((Number.isInteger(holder) && holder > 0 && !processIsAlive(holder)) || (Number.isNaN(holder) && lockAge > 10_000)) {
        rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      if (!announced) console.log(`Waiting for another build (process ${holder}) to finish...`);
      announced = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const release = () => rmSync(LOCK_DIR, { recursive: true, force: true });
  process.once('exit', release); // also when a signal stops a build (scripts/start.mjs)
  try {
    return await task();
  } finally {
    process.off('exit', release);
    release();
  }
}

/**
 * Builds the named targets; with `onlyIfStale`, skips (and says so) each one
 * that is current.
 * @throws Error when a build fails (the target then counts as stale).
 */
export async function build(names = ['client', 'server'], { onlyIfStale = false } = {}) {
  await withBuildLock(async () => {
    for (const name of names) {
      const hash = inputHash(name);
      if (onlyIfStale && isCurrent(name, hash)) {
        console.log(`The ${name} build is current: not rebuilding it.`);
        continue;
      }
      console.log(`Building the ${name}...`);
      const started = Date.now();
      rmSync(stampPath(name), { force: true });
      await TARGETS[name].build();
      writeFileSync(stampPath(name), `${JSON.stringify({ inputHash: hash, builtAt: new Date().toISOString() }, null, 2)}\n`);
      console.log(`Built the ${name} in ${((Date.now() - started) / 1000).toFixed(1)}s.`);
    }
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  build().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
