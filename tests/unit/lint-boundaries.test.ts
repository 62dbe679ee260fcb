/**
 * The import boundaries (docs/architecture.md#layout-and-names) hold whatever the spelling of the
 * import: the project's own ESLint config (eslint.config.js) is run on in-memory files at virtual
 * paths, with forbidden and allowed imports written as relative paths, `@/` aliases and deep
 * relative paths.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

/** Lints `code` as if it were the file at `filePath` (relative to the repository root). */
async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

/** One module that imports `source` and uses it, so only import rules can complain. */
const importing = (source: string) => `import * as dependency from '${source}';\nexport default dependency;\n`;

const otherFeature = /^A feature does not import another feature/;
const server = /^The client never imports server code/;

// ESLint resolves every import through TypeScript: slow on a busy 2-core machine, so a generous limit.
describe('ESLint import boundaries', { timeout: 60_000 }, () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd });
  });

  it.each([
    ['src/client/features/spaces/components/x.tsx', '../../bookings/api/create-booking', otherFeature],
    ['src/client/features/spaces/components/x.tsx', '@/client/features/bookings/api/create-booking', otherFeature],
    ['src/client/features/spaces/components/x.tsx', '@/client/features/spaces/../bookings/api/create-booking', otherFeature],
    ['src/client/features/payments/api/x.ts', '../../auth/api/login.js', otherFeature],
    ['src/client/features/spaces/components/x.tsx', '../../../../server/db/schema', server],
    ['src/client/features/spaces/components/x.tsx', '@/server/config', server],
    ['src/client/lib/x.ts', '../../server/db/schema', server],
    ['src/client/lib/x.ts', '@/server/db/schema', server],
    ['src/client/components/ui/x.tsx', '../../../server/config', server],
    ['src/client/pages/x.tsx', '@/server/config', server],
    ['src/client/lib/x.ts', '../features/spaces/lib/listing-form', /^client-lib code may not import feature code/],
    ['src/client/components/x.tsx', '@/client/pages/home', /^client-ui code may not import page code/],
    ['src/client/features/spaces/lib/x.ts', '@/client/pages/home', /^feature code may not import page code/],
    ['src/shared/x.ts', '../server/config', /^shared code may not import server code/],
    ['src/shared/x.ts', '@/client/lib/cn', /^shared code may not import client-lib code/],
    ['src/server/x.ts', '../client/lib/paths', /^server code may not import client-lib code/],
  ])('%s importing %s is an error', async (filePath, source, message) => {
    expect(await lint(filePath, importing(source))).toEqual([{ rule: 'boundaries/dependencies', message: expect.stringMatching(message) }]);
  });

  it('also catches re-exports, type-only and dynamic imports', async () => {
    const code = [
      "export { login } from '@/client/features/auth/api/login';",
      "import type { Config } from '@/server/config';",
      'export type ServerConfig = Config;',
      "export const later = () => import('../../bookings/api/create-booking');",
    ].join('\n');
    const messages = await lint('src/client/features/spaces/api/x.ts', code);
    expect(messages.map((m) => m.rule)).toEqual(['boundaries/dependencies', 'boundaries/dependencies', 'boundaries/dependencies']);
  });

  it('refuses imports of files that belong to no element (tests, scripts)', async () => {
    expect(await lint('src/client/lib/x.ts', importing('../../../tests/setup'))).toEqual([
      { rule: 'boundaries/no-unknown-dependencies', message: expect.any(String) },
    ]);
  });

  it('refuses imports from a client folder that has no element yet', async () => {
    expect(await lint('src/client/hooks/x.ts', importing('@/shared/money'))).toEqual([
      { rule: 'boundaries/dependencies', message: expect.stringMatching(/^This file is in no element/) },
    ]);
  });

  it.each([
    ['src/client/features/spaces/components/x.tsx', '../lib/listing-form'],
    ['src/client/features/spaces/components/x.tsx', '@/client/features/spaces/api/get-spaces'],
    ['src/client/features/spaces/components/x.tsx', '@/client/components/ui/button'],
    ['src/client/features/spaces/components/x.tsx', '../../../lib/paths'],
    ['src/client/features/spaces/components/x.tsx', '@/shared/schemas'],
    ['src/client/pages/x.tsx', '@/client/features/bookings/components/booking-dialog'],
    ['src/client/pages/x.tsx', '../features/spaces/components/space-card'],
    ['src/client/app.tsx', './pages/home'],
    ['src/client/lib/x.ts', '@/client/components/ui/button'],
    ['src/server/x.ts', '../shared/money'],
    ['src/shared/x.ts', './money'],
    ['src/shared/x.ts', 'zod'],
  ])('%s importing %s is allowed', async (filePath, source) => {
    expect(await lint(filePath, importing(source))).toEqual([]);
  });

  it('reports an import cycle', async () => {
    // src/client/lib/auth.tsx imports ./api-client: importing auth back from api-client closes a cycle.
    const messages = await lint('src/client/lib/api-client.ts', importing('./auth'));
    expect(messages).toEqual([{ rule: 'import-x/no-cycle', message: expect.stringMatching(/cycle/i) }]);
  });
});
