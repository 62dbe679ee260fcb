/** `npm run docs:routes`: writes the app's route table into docs/api.md (scripts/route-table.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/jobs/queue';
import { API_DOC, collectRoutes, renderRouteTable, replaceRouteTable } from './route-table';

const database = await openDatabase({});
try {
  await prepareDatabase(database);
  const rows = await collectRoutes(database.db);
  writeFileSync(API_DOC, replaceRouteTable(readFileSync(API_DOC, 'utf8'), renderRouteTable(rows)));
  console.log(`docs/api.md: ${rows.length} routes.`);
} finally {
  await database.close();
}
