/**
 * How the client is split (docs/decisions/007-a-light-first-page.md): the client's real build (our
 * vite.config.ts, chunking included), in memory. The phone check's metadata
 * (libphonenumber-js) and Leaflet must stay out of the entry and of every
 * chunk it loads statically; they come with the pages that use them. No
 * chunk passes Vite's 500 kB warning, and the operators' console and the
 * charts are chunks of their own that only their pages load. What a phone
 * loads before any tap, lazy imports included, is measured in a browser:
 * tests/e2e/first-load-budget.test.ts.
 */
import path from 'node:path';
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

const holds = (chunk: Chunk, folder: string) => chunk.moduleIds.some((id) => id.includes(`${path.sep}${folder}${path.sep}`));

describe('the client build', () => {
  it('keeps libphonenumber-js and Leaflet out of what every page loads first', () => {
    const initial = initialChunks();
    expect(initial.length).toBeGreaterThan(0);
    expect(initial.filter((chunk) => holds(chunk, 'libphonenumber-js')).map((chunk) => chunk.fileName)).toEqual([]);
    expect(initial.filter((chunk) => holds(chunk, 'leaflet')).map((chunk) => chunk.fileName)).toEqual([]);
  });

  it('has no chunk over 500 kB, the size over which Vite warns', () => {
    const large = chunks.filter((chunk) => chunk.code.length > 500 * 1000).map((chunk) => `${chunk.fileName} (${chunk.code.length} B)`);
    expect(large).toEqual([]);
  });

  it.each([
    ['the console', `${path.sep}features${path.sep}admin${path.sep}`],
    ['the charts', `${path.sep}recharts${path.sep}`],
  ])('keeps %s out of what every page loads first', (_name, folder) => {
    const initial = initialChunks();
    expect(initial.filter((chunk) => chunk.moduleIds.some((id) => id.includes(folder))).map((chunk) => chunk.fileName)).toEqual([]);
    expect(chunks.some((chunk) => chunk.moduleIds.some((id) => id.includes(folder)))).toBe(true);
  });

  it('bundles the phone metadata with the profile, in a chunk loaded later', () => {
    const withPhone = chunks.filter((chunk) => holds(chunk, 'libphonenumber-js'));
    expect(withPhone.length).toBeGreaterThan(0);
    expect(withPhone.every((chunk) => !chunk.isEntry)).toBe(true);
  });
});
