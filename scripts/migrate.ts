/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded PGlite under DATA_DIR. */
import { openDatabase } from '../src/server/db/client';
import { loadEnvironment } from '../src/server/environment';

const config = loadEnvironment();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
