import { openDatabase } from '../src/server/db/client';
import { enqueue, prepareDatabase } from '../src/server/jobs/queue';
import { bookingStepJob, expireBookingJob } from '../src/server/jobs/catalog';
import { sql } from 'drizzle-orm';
const h = await openDatabase({});
await prepareDatabase(h);
for (let round = 0; round < 3; round++) {
  let t = performance.now();
  for (let i = 0; i < 200; i++) await h.db.transaction(async (tx) => { await enqueue(tx, expireBookingJob, { bookingId: `b${i}` }, { startAfter: new Date(Date.now() + 600_000) }); });
  const enq = (performance.now() - t) / 200;
  t = performance.now();
  for (let i = 0; i < 200; i++) await h.db.transaction(async (tx) => { await tx.execute(sql`select 1`); });
  const empty = (performance.now() - t) / 200;
  console.log('enqueue tx ms', enq.toFixed(2), 'empty tx ms', empty.toFixed(2));
}
const { rows } = await h.executeSql(`explain analyze select 1`);
await h.close();
