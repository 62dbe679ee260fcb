/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded PGlite under DATA_DIR. */
import { openDatabase } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/jobs/queue';
import { rebuildStaleSpaceDays } from '../src/server/schedules/space-days-sweep';
import { loadEnvironment } from '../src/server/environment';

const config = loadEnvironment();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await prepareDatabase(database);
// What the migrations leave to the app: the stored days of search by availability (src/server/schedules/space-days.ts).
const rebuilt = await rebuildStaleSpaceDays(database.db);
await database.close();
console.log(`Migrations applied (${database.kind}); stored days written for ${rebuilt} spaces.`);
