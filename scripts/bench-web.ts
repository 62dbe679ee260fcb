/**
 * `npm run bench:web`: Lighthouse (12.8, mobile: a mid-range phone on a slow
 * 4G link, simulated) on the home page, a search and a space page of the
 * built app, served with the demo data on 127.0.0.1; prints JSON with the
 * performance score, LCP, TBT, CLS and the JavaScript each page downloads
 * (docs/performance.md). Chromium from CHROME_PATH (default /usr/bin/chromium).
 * BENCH_WEB_RUNS (default 1) runs each page that many times; each figure is
 * the median. A run whose trace Lighthouse could not record (it says so in
 * `runtimeError`, e.g. NO_NAVSTART on a busy machine) is run again, up to twice.
 * BENCH_WEB_REPORTS=<folder> also writes each run's Lighthouse report there
 * (`home-1.json`, `search-1.json`, `space-1.json`, ...): what the main thread
 * did is in its `bootup-time`, `mainthread-work-breakdown` and `long-tasks`
 * audits, which say more than a score on a busy machine.
 *
 * Figures per page: `scriptKB` and `totalKB` are what went over the wire
 * (brotli, headers included); `scriptGzipKB` is the gzip size of the same
 * JavaScript files, which is what the page loads by itself, without any
 * scrolling or click: the JavaScript it needs to become interactive.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { prepareDatabase } from '../src/server/jobs/queue';
import { seedDemoData } from '../src/server/seed/seed-demo-data';
import { loadEnvironment } from '../src/server/environment';
// @ts-expect-error: the build script is plain JavaScript
import { build } from './build.mjs';

const runs = Number(process.env.BENCH_WEB_RUNS || 1);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const reportsDir = process.env.BENCH_WEB_REPORTS;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });
const log = (message: string) => process.stderr.write(`[bench:web] ${message}\n`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

await (build as (names: string[], options: { onlyIfStale: boolean }) => Promise<void>)(['client'], { onlyIfStale: true });
const clientDir = path.join(import.meta.dirname, '..', 'dist', 'client');

/** Gzip size (bytes) of a built file at `pathname` (the build's .gz beside it, or gzip -9 of a file too small to have one). */
function gzipSize(pathname: string): number {
  const file = path.join(clientDir, decodeURIComponent(pathname));
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return existsSync(file) ? zlib.gzipSync(readFileSync(file), { level: 9 }).length : 0;
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinicshare-bench-web-'));
const environment = loadEnvironment({ LOG_LEVEL: 'silent', DATABASE_URL: '' });
const database = await openDatabase({ dataDir });
await prepareDatabase(database);
await seedDemoData(database.db);
const app = await buildApp({
  config: { ...environment, databaseUrl: undefined, dataDir, env: 'production' },
  db: database.db,
  serveClient: true,
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const [space] = await database.query<{ id: string }>('SELECT id FROM medical_spaces WHERE active ORDER BY created_at DESC LIMIT 1');
const pages = { '/': '/', '/search': '/search', '/spaces/{id}': `/spaces/${space!.id}` };
const reportNames: Record<string, string> = { '/': 'home', '/search': 'search', '/spaces/{id}': 'space' };

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const results: Record<string, unknown> = {};
try {
  for (const [name, url] of Object.entries(pages)) {
    const samples: Array<{
      performance: number;
      lcpMs: number;
      tbtMs: number;
      cls: number;
      scriptKB: number;
      scriptGzipKB: number;
      totalKB: number;
    }> = [];
    for (let run = 0; run < runs; run++) {
      let result;
      for (let attempt = 1; attempt <= 3; attempt++) {
        result = await lighthouse(`${address}${url}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        if (!result.lhr.runtimeError) break;
        log(`${name} run ${run + 1}: ${result.lhr.runtimeError.code}${attempt < 3 ? ', running it again' : ''}`);
      }
      if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${result?.lhr.runtimeError?.message}`);
      if (reportsDir) writeFileSync(path.join(reportsDir, `${reportNames[name]}-${run + 1}.json`), JSON.stringify(result.lhr));
      const { audits, categories } = result.lhr;
      const items =
        (audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? [];
      const kb = (type: string) => Math.round((items.find((item) => item.resourceType === type)?.transferSize ?? 0) / 102.4) / 10;
      const requests =
        (audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? [];
      const scripts = requests.filter((request) => request.resourceType === 'Script' && request.url.startsWith(address));
      const scriptGzip = scripts.reduce((sum, request) => sum + gzipSize(new URL(request.url).pathname), 0);
      samples.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        scriptKB: kb('script'),
        scriptGzipKB: Math.round(scriptGzip / 102.4) / 10,
        totalKB: kb('total'),
      });
      log(`${name} run ${run + 1}: ${JSON.stringify(samples.at(-1))}`);
    }
    results[name] = Object.fromEntries(
      Object.keys(samples[0]!).map((key) => [key, median(samples.map((sample) => sample[key as keyof (typeof samples)[number]]))]),
    );
  }
} finally {
  chrome.kill();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify({ lighthouse: '12.8', formFactor: 'mobile', runs, pages: results }, null, 2));
