/**
 * When the sync job reads each imported calendar (docs/decisions/038-calendar-import.md): every
 * `syncMinutes`, jittered by up to a tenth either way so feeds added together do not all fall due
 * in the same minute; after failures less often (the wait doubles with each failure in a row, at
 * most a day), so a dead address costs little; and never more than a few reads of one host at once,
 * so thousands of Google or Outlook feeds do not hit one server together.
 */

/** The longest wait between two reads of a failing feed, minutes. */
export const MAX_BACKOFF_MINUTES = 24 * 60;
/** The jitter: a wait is its nominal length times a factor in [1 - JITTER, 1 + JITTER). */
export const JITTER = 0.1;

/**
 * When a feed attempted at `now` is next due: `syncMinutes` after it (doubled for each of `failures`,
 * the failed reads in a row, up to {@link MAX_BACKOFF_MINUTES}), jittered with `random` (in [0, 1)).
 */
export function nextSyncAt(now: Date, syncMinutes: number, failures: number, random: () => number = Math.random): Date {
  const minutes = Math.min(syncMinutes * 2 ** Math.min(Math.max(failures, 0), 20), MAX_BACKOFF_MINUTES);
  const factor = 1 - JITTER + 2 * JITTER * random();
  return new Date(now.getTime() + minutes * factor * 60_000);
}

/** The host a feed address is read from, lower-cased (`webcal://` is read over https), or the address itself when it is not a URL. */
export function feedHost(url: string): string {
  try {
    return new URL(url.replace(/^webcal:/i, 'https:')).host.toLowerCase();
  } catch {
    return url;
  }
}

/**
 * Runs `run` on every item, at most `concurrency` at once and at most `perHost` at once for items
 * of one host (`hostOf`), the items in order as far as those limits allow. One item's failure does
 * not stop the others.
 * @throws the first error a run threw, once all have ended
 */
export function runPerHost<T>(
  items: readonly T[],
  hostOf: (item: T) => string,
  run: (item: T) => Promise<unknown>,
  { concurrency, perHost }: { concurrency: number; perHost: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const waiting = [...items];
    const inFlight = new Map<string, number>();
    let running = 0;
    let failure: { error: unknown } | null = null;
    const pump = () => {
      if (waiting.length === 0 && running === 0) return failure ? reject(failure.error) : resolve();
      for (let index = 0; index < waiting.length && running < concurrency;) {
        const host = hostOf(waiting[index]!);
        if ((inFlight.get(host) ?? 0) >= perHost) {
          index++;
          continue;
        }
        const [item] = waiting.splice(index, 1);
        running++;
        inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
        run(item!)
          .catch((error: unknown) => {
            failure ??= { error };
          })
          .finally(() => {
            running--;
            inFlight.set(host, inFlight.get(host)! - 1);
            pump();
          });
      }
    };
    pump();
  });
}
