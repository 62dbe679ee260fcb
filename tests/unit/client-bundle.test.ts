/**
 * The phone check's metadata (libphonenumber-js) reaches only the client code
 * that uses the profile schemas (issue 10): src/shared/schemas.ts re-exports
 * them from src/shared/profile-schemas.ts, which the client build (our
 * vite.config.ts's tree-shaking rule) may leave out when none is used.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';

const SCHEMAS = path.join(import.meta.dirname, '..', '..', 'src', 'shared', 'schemas.ts');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-bundle-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The modules of a client bundle of `code` (an entry importing from schemas.ts), built with our tree-shaking rules. */
async function bundledModules(name: string, code: string): Promise<string[]> {
  const entry = path.join(dir, `${name}.ts`);
  writeFileSync(entry, code.replaceAll('SCHEMAS', JSON.stringify(SCHEMAS)));
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: entry, treeshake: viteConfig.build?.rolldownOptions?.treeshake },
    },
  })) as Rolldown.RolldownOutput;
  return output.output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : []));
}

const phoneMetadata = (modules: string[]) => modules.filter((id) => id.includes(`${path.sep}libphonenumber-js${path.sep}`));

describe('the phone metadata in the client', () => {
  it('is left out of code that uses other schemas from schemas.ts', async () => {
    const modules = await bundledModules('search', 'import { spaceSearchSchema } from SCHEMAS;\nconsole.log(spaceSearchSchema.parse({}));\n');
    expect(modules.some((id) => id.endsWith(`${path.sep}schemas.ts`))).toBe(true);
    expect(phoneMetadata(modules)).toEqual([]);
  });

  it('comes with the profile schemas, imported through schemas.ts', async () => {
    const modules = await bundledModules('profile', "import { updateUserSchema } from SCHEMAS;\nconsole.log(updateUserSchema.parse({ phone: '(617) 555-0123' }));\n");
    expect(phoneMetadata(modules).length).toBeGreaterThan(0);
  });
});
