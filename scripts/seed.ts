/** `npm run seed`: migrates, then seeds the demo data into an empty database (DATABASE_URL or the embedded PGlite). */
import { openDatabase } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/jobs/queue';
import { seedDemoData } from '../src/server/seed/seed-demo-data';
import { createPrivateFileStorage } from '../src/server/storage/private-files';
import { loadEnvironment } from '../src/server/environment';

// This script seeds whatever SEED_DEMO_DATA says, so it is checked as SEED_DEMO_DATA=true: refused in
// production unless ALLOW_DEMO_IN_PRODUCTION=true (the demo accounts share a published password).
const config = loadEnvironment({ SEED_DEMO_DATA: 'true' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await prepareDatabase(database);
const seeded = await seedDemoData(database.db, { privateFiles: createPrivateFileStorage(config) });
await database.close();
console.log(seeded ? `Seeded ${seeded.users} users and ${seeded.spaces} spaces.` : 'The database already has data: nothing seeded.');
