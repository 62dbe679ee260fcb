/**
 * One autocannon run that cycles through many paths (the benchmark's varied search load,
 * scripts/bench-varied.ts): every request of every connection takes the next path of the list, so
 * each is asked about as often as the others. Started by scripts/bench.ts in a process of its own
 * (so the load does not share the server's event loop) with the path of a JSON file
 * `{ url, paths, connections, duration }` and, for a fixed number of requests instead (the CPU
 * figures), that number; prints autocannon's result as JSON.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const { url, paths, connections, duration } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const amount = process.argv[3] ? Number(process.argv[3]) : undefined;
let next = 0;
const result = await autocannon({
  url,
  ...(amount ? { connections: 1, amount } : { connections, duration }),
  requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
});
console.log(JSON.stringify(result));
