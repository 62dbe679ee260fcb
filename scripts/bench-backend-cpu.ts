/** The CPU time of a local PostgreSQL's backends, for the benchmark's CPU figures (scripts/bench.ts, scripts/bench-feeds.ts). */
import { readFileSync } from 'node:fs';
import type { DatabaseHandle } from '../src/server/db/client';

/**
 * CPU time so far (µs) of each PostgreSQL backend serving the database `db` is connected to, by pid, from
 * `/proc/<pid>/schedstat` (its first field: nanoseconds on a CPU); null unless PostgreSQL runs on this machine.
 */
export async function backendCpu(db: DatabaseHandle): Promise<Map<number, number> | null> {
  if (db.kind !== 'postgres') return null;
  const backends = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const cpu = new Map<number, number>();
  for (const { pid } of backends) {
    try {
      cpu.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1000);
    } catch {
      return null; // not a local server
    }
  }
  return cpu;
}

/** The backends' CPU (µs) between two readings of {@link backendCpu} (a backend gone between them is left out); null when either is. */
export function backendCpuBetween(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let micros = 0;
  for (const [pid, now] of after) micros += now - (before.get(pid) ?? 0);
  return micros;
}
