/**
 * docs/configuration.md is generated from the environment's zod schema: a variable added,
 * removed or described again in src/server/config.ts without `npm run docs:config` fails here.
 */
import { readFileSync } from 'node:fs';
import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOC, renderConfigurationDoc } from '../../scripts/configuration-doc';
import { envSchema } from '../../src/server/config';

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes from envSchema', async () => {
    const written = readFileSync(CONFIGURATION_DOC, 'utf8');
    expect(written).toBe(await format(renderConfigurationDoc(), { filepath: CONFIGURATION_DOC }));
  });

  it('names every variable the app reads, with its default', () => {
    const written = readFileSync(CONFIGURATION_DOC, 'utf8');
    for (const name of Object.keys(envSchema.shape)) expect(written, name).toContain(`**\`${name}\`**`);
    expect(written).toContain('- **`PORT`** (default `5000`): HTTP port.');
    expect(written).toContain('- **`ALLOW_DEMO_IN_PRODUCTION`** (one of `true`, `false`; default `false`)');
  });
});
