/**
 * `npm run admin:grant -- email@example.com` and `npm run admin:revoke -- email@example.com`: make
 * an account an operator of the console, or a plain user again (DATABASE_URL or the embedded
 * PGlite). The only way the role changes: never through the API
 * (docs/decisions/029-operators-and-the-audit-log.md). Revoking the last operator is refused.
 * Each change is written to the audit log with no actor (the command line).
 */
import { setRole } from '../src/server/admin/service';
import { openDatabase } from '../src/server/db/client';
import { HttpError } from '../src/server/http/errors';
import { prepareDatabase } from '../src/server/jobs/queue';
import { loadEnvironment } from '../src/server/environment';

const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Usage: npm run admin:grant -- email@example.com  |  npm run admin:revoke -- email@example.com');
  process.exit(2);
}

const config = loadEnvironment();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(database);
  const outcome = await setRole(database.db, email, command === 'grant' ? 'admin' : 'user');
  const said = {
    granted: `${email} is now an admin.`,
    revoked: `${email} is no longer an admin.`,
    unchanged: command === 'grant' ? `${email} was already an admin.` : `${email} was not an admin.`,
  };
  console.log(said[outcome]);
} catch (error) {
  if (!(error instanceof HttpError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
