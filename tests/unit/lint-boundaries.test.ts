/**
 * The import boundaries (docs/architecture.md#layers) hold whatever the spelling of the import: the
 * project's own ESLint config (eslint.config.js) is run on in-memory files at virtual paths, with
 * forbidden and allowed imports written as relative paths, `@/` aliases and deep relative paths.
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
const shared = /^src\/shared is used by both the client and the server, so it imports neither/;
/** The message of a server import that runs against the layers: `from` may not import `to`. */
const upwards = (from: string, to: string) =>
  new RegExp(
    `^Server layers import downwards only \\(config -> db -> infrastructure -> features -> seed -> app\\): ${from} may not import ${to} `,
  );
/** The message of a server feature importing one after it in the order. */
const laterFeature = (from: string, to: string) =>
  new RegExp(
    `^Server features import only the features before them \\(notifications -> auth -> .* -> pages -> admin\\): ${from} may not import ${to} `,
  );

// ESLint resolves every import through TypeScript: slow on a busy 2-core machine, so a generous limit.
describe('ESLint import boundaries', { timeout: 60_000 }, () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd });
  });

  it.each([
    ['src/client/features/spaces/components/x.tsx', '../../bookings/api/cancel-booking', otherFeature],
    ['src/client/features/spaces/components/x.tsx', '@/client/features/bookings/api/cancel-booking', otherFeature],
    ['src/client/features/spaces/components/x.tsx', '@/client/features/spaces/../bookings/api/cancel-booking', otherFeature],
    ['src/client/features/payments/api/x.ts', '../../auth/api/login.js', otherFeature],
    ['src/client/features/spaces/components/x.tsx', '../../../../server/db/schema', server],
    ['src/client/features/spaces/components/x.tsx', '@/server/config', server],
    ['src/client/lib/x.ts', '../../server/db/schema', server],
    ['src/client/lib/x.ts', '@/server/db/schema', server],
    ['src/client/components/ui/x.tsx', '../../../server/config', server],
    ['src/client/pages/x.tsx', '@/server/config', server],
    ['src/client/lib/x.ts', '../features/spaces/lib/listing-form', /^client-lib code may not import feature code/],
    ['src/client/lib/x.ts', '@/client/components/ui/button', /^client-lib code may not import client-ui code/],
    ['src/client/components/x.tsx', '@/client/pages/home', /^client-ui code may not import page code/],
    ['src/client/features/spaces/lib/x.ts', '@/client/pages/home', /^feature code may not import page code/],
    ['src/shared/x.ts', '../server/config', shared],
    ['src/shared/x.ts', '@/server/bookings/checkout', shared],
    ['src/shared/x.ts', '@/client/lib/cn', shared],
    ['src/server/bookings/x.ts', '../../client/lib/paths', /^The server never imports client code/],
    ['src/server/app.ts', '@/client/app', /^The server never imports client code/],
  ])('%s importing %s is an error', async (filePath, source, message) => {
    expect(await lint(filePath, importing(source))).toEqual([{ rule: 'boundaries/dependencies', message: expect.stringMatching(message) }]);
  });

  // The server's layers: config -> db -> infrastructure -> features (in their own order) -> seed -> app.
  it.each([
    ['src/server/db/x.ts', '../auth/service', upwards('db', 'features')],
    ['src/server/db/x.ts', '@/server/bookings/checkout', upwards('db', 'features')],
    ['src/server/db/x.ts', '../seed/demo-data', upwards('db', 'seed')],
    ['src/server/environment.ts', './db/client', upwards('config', 'db')],
    ['src/server/environment.ts', './app', upwards('config', 'app')],
    ['src/server/http/x.ts', '../auth/session', upwards('infrastructure', 'features')],
    ['src/server/realtime/x.ts', '@/server/messages/service', upwards('infrastructure', 'features')],
    ['src/server/bookings/x.ts', '../app', upwards('features', 'app')],
    ['src/server/pages/x.ts', '@/server/main', upwards('features', 'app')],
    ['src/server/spaces/x.ts', '../seed/seed-demo-data', upwards('features', 'seed')],
    ['src/server/seed/x.ts', '../app', upwards('seed', 'app')],
    ['src/server/payments/x.ts', '../bookings/checkout', laterFeature('payments', 'bookings')],
    ['src/server/payments/x.ts', '@/server/bookings/payment-events', laterFeature('payments', 'bookings')],
    ['src/server/auth/x.ts', '../users/service', laterFeature('auth', 'users')],
    ['src/server/spaces/x.ts', '../favorites/service', laterFeature('spaces', 'favorites')],
    ['src/server/search/x.ts', '../spaces/routes', laterFeature('search', 'spaces')],
    ['src/server/search/x.ts', '@/server/spaces/map-points', laterFeature('search', 'spaces')],
    ['src/server/ratings/x.ts', '../search/search', laterFeature('ratings', 'search')],
    ['src/server/x.ts', './config', /^This file is in no server layer/],
    ['src/server/outbox/x.ts', '../config', /^src\/server\/outbox is in no server layer/],
    ['src/server/jobs/x.ts', '../notifications/notify', upwards('infrastructure', 'features')],
    ['src/server/observability/x.ts', '../bookings/reads', upwards('infrastructure', 'features')],
    ['src/server/notifications/x.ts', '../auth/session', laterFeature('notifications', 'auth')],
    ['src/server/bookings/x.ts', '../calendar/service', laterFeature('bookings', 'calendar')],
    ['src/server/notifications/x.ts', '../calendar/service', laterFeature('notifications', 'calendar')],
  ])('server: %s importing %s is an error', async (filePath, source, message) => {
    expect(await lint(filePath, importing(source))).toEqual([{ rule: 'boundaries/dependencies', message: expect.stringMatching(message) }]);
  });

  it.each([
    ['src/server/environment.ts', './config'],
    ['src/server/db/x.ts', './schema'],
    ['src/server/db/x.ts', '../config'],
    ['src/server/http/x.ts', '../db/client'],
    ['src/server/observability/x.ts', '../jobs/queue'],
    ['src/server/app.ts', './observability/request-ids'],
    ['src/server/storage/x.ts', '../auth/session'],
    ['src/server/bookings/x.ts', '../payments/provider'],
    ['src/server/bookings/x.ts', '@/server/spaces/service'],
    ['src/server/spaces/x.ts', '../search/search'],
    ['src/server/search/x.ts', '../ratings/stored-rating'],
    ['src/server/bookings/x.ts', '../http/errors'],
    ['src/server/bookings/x.ts', './checkout'],
    ['src/server/calendar/x.ts', '../bookings/reads'],
    ['src/server/seed/x.ts', '../bookings/checkout'],
    ['src/server/seed/x.ts', '../auth/service'],
    ['src/server/seed/x.ts', '../messages/service'],
    ['src/server/main.ts', './seed/seed-demo-data'],
    ['src/server/app.ts', './bookings/payment-events'],
    ['src/server/bookings/x.ts', '../../shared/money'],
  ])('server: %s importing %s is allowed', async (filePath, source) => {
    expect(await lint(filePath, importing(source))).toEqual([]);
  });

  it('also catches re-exports, type-only and dynamic imports', async () => {
    const code = [
      "export { login } from '@/client/features/auth/api/login';",
      "import type { Config } from '@/server/config';",
      'export type ServerConfig = Config;',
      "export const later = () => import('../../bookings/api/cancel-booking');",
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
    ['src/client/pages/x.tsx', '@/client/features/checkout/components/booking-dialog'],
    ['src/client/pages/x.tsx', '../features/spaces/components/space-card'],
    ['src/client/app.tsx', './pages/home'],
    ['src/client/lib/x.ts', '@/client/lib/cn'],
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
