/**
 * Boots ClinicShare: config from the environment (and `.env`), tracing when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set, then the server (src/server/serve.ts).
 *
 * Tracing starts before the server's modules are imported, since its
 * instrumentations patch pg, ioredis and node:http as they load; so the server
 * is imported dynamically, and the build (scripts/build.mjs) splits it into a
 * chunk of its own, whose imports load only then.
 *
 * In production `npm start` (scripts/start.mjs) runs this file compiled to
 * `dist/server/main.js`; `npm run dev` runs it through tsx. The build
 * (scripts/build.mjs) gives `import.meta.url` in every bundled module its
 * source file's URL, so paths built from it resolve as they do under tsx.
 */
import { loadEnvironment } from './environment';
import { startTracing } from './observability/tracing';

try {
  const config = loadEnvironment();
  await startTracing(config.tracing);
  const { serve } = await import('./serve');
  await serve(config);
} catch (error) {
  console.error(error);
  process.exit(1);
}
