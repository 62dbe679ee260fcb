/**
 * What the first page loads (issue 10): the client's real build (our
 * vite.config.ts, chunking included), in memory. The phone check's metadata
 * (libphonenumber-js) and Leaflet must stay out of the entry and of every
 * chunk it loads statically; they come with the pages that use them. The
 * search and space pages load at most 150 KB of gzipped JavaScript before
 * any scroll or click (a size, not a time: sizes are deterministic).
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

type Chunk = Rolldown.OutputChunk;
let chunks: Chunk[];

beforeAll(async () => {
  // As `npm run build` builds it: under vitest NODE_ENV is 'test', which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const output = (await build({
    configFile: path.join(import.meta.dirname, '..', '..', 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, manifest: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  chunks = (Array.isArray(output) ? output.flatMap((o) => o.output) : output.output).filter((file): file is Chunk => file.type === 'chunk');
}, 120_000);

/** `roots` and every chunk they import statically, transitively. */
function withStaticImports(roots: Chunk[]): Chunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name)!);
  };
  for (const chunk of roots) visit(chunk);
  return [...seen];
}

/** The entry chunk and every chunk it imports statically: what a first page loads before any lazy import. */
const initialChunks = () => withStaticImports(chunks.filter((chunk) => chunk.isEntry));

/** What opening the page of `file` (src/client/pages/...) loads: the initial chunks, its own and their static imports. */
function pageChunks(file: string): Chunk[] {
  const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(path.join('src', 'client', 'pages', file)));
  if (!page) throw new Error(`No chunk for ${file}`);
  return withStaticImports([...chunks.filter((chunk) => chunk.isEntry), page]);
}

const gzipKB = (files: Chunk[]) => files.reduce((sum, chunk) => sum + zlib.gzipSync(chunk.code, { level: 9 }).length, 0) / 1024;

const holds = (chunk: Chunk, folder: string) => chunk.moduleIds.some((id) => id.includes(`${path.sep}${folder}${path.sep}`));

describe('the client build', () => {
  it('keeps libphonenumber-js and Leaflet out of what every page loads first', () => {
    const initial = initialChunks();
    expect(initial.length).toBeGreaterThan(0);
    expect(initial.filter((chunk) => holds(chunk, 'libphonenumber-js')).map((chunk) => chunk.fileName)).toEqual([]);
    expect(initial.filter((chunk) => holds(chunk, 'leaflet')).map((chunk) => chunk.fileName)).toEqual([]);
  });

  it.each(['search.tsx', 'space-detail.tsx'])('loads at most 150 KB of gzipped JavaScript for %s before any scroll or click', (file) => {
    const kb = gzipKB(pageChunks(file));
    expect(kb).toBeGreaterThan(20);
    expect(kb).toBeLessThanOrEqual(150);
  });

  it('bundles the phone metadata with the profile, in a chunk loaded later', () => {
    const withPhone = chunks.filter((chunk) => holds(chunk, 'libphonenumber-js'));
    expect(withPhone.length).toBeGreaterThan(0);
    expect(withPhone.every((chunk) => !chunk.isEntry)).toBe(true);
  });
});
