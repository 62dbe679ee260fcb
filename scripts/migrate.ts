/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded PGlite under DATA_DIR. */
import { openDatabase } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/jobs/queue';
import { loadEnvironment } from '../src/server/environment';

const config = loadEnvironment();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await prepareDatabase(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
