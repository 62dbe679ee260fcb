/**
 * Boots ClinicShare: config from the environment, database (PGlite or
 * PostgreSQL), migrations, demo data into an empty database, then serves the
 * API and the built client. SIGTERM/SIGINT close gracefully (DESIGN decision 14).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp, CLIENT_DIST } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed';

async function main(): Promise<void> {
  // Variables from a local .env file (see .env.example); the real environment wins.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (config.seedDemoData) {
    const seeded = await seedDemoData(database.db);
    if (seeded) console.log(`Seeded demo data: ${seeded.users} users, ${seeded.spaces} spaces.`);
  }

  // `npm start` builds the client first; `npm run dev` serves it from Vite instead.
  const serveClient = existsSync(path.join(CLIENT_DIST, 'index.html'));
  if (!serveClient) console.log('The client is not built (npm run build): serving the API only.');
  const app = await buildApp({ config, db: database.db, serveClient, logger: true, notifications: database });
  await app.listen({ host: config.host, port: config.port });
  console.log(`ClinicShare is running on http://localhost:${config.port} (database: ${database.kind}, payments: ${config.payments})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
