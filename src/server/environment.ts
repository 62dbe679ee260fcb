/**
 * The environment every entry point starts from (the server, `db:migrate`,
 * `seed`, `bench`): a local `.env` file, then the parsed configuration.
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from './config';

/**
 * Reads `file` (default `.env` in the working directory, which is the project
 * root under npm) into `process.env` with Node's own parser
 * (`process.loadEnvFile`). Variables already set in the environment win.
 * @returns whether the file existed.
 */
export function loadEnvFile(file = '.env'): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

/**
 * Loads `.env` ({@link loadEnvFile}), then parses the environment with
 * `overrides` on top. On a bad value it prints the one-line-per-variable
 * message and exits with status 1, so no entry point starts half-configured.
 */
export function loadEnvironment(overrides: NodeJS.ProcessEnv = {}): Config {
  loadEnvFile();
  try {
    return loadConfig({ ...process.env, ...overrides });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
