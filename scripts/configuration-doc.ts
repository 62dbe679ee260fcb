/**
 * docs/configuration.md, rendered from the environment's zod schema (`envSchema` in
 * src/server/config.ts): each variable's default, accepted values and description. `npm run
 * docs:config` writes it; tests/unit/configuration-doc.test.ts fails when the file and the
 * schema differ.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { envSchema } from '../src/server/config';

/** docs/configuration.md. */
export const CONFIGURATION_DOC = path.join(fileURLToPath(new URL('..', import.meta.url)), 'docs', 'configuration.md');

interface VariableSchema {
  description?: string;
  default?: unknown;
  enum?: unknown[];
}

const HEADER = `# Configuration

<!-- Written by \`npm run docs:config\` from \`envSchema\` in src/server/config.ts; edit the schema, not this file. -->

ClinicShare reads its configuration from the environment, or from a \`.env\`
file beside \`package.json\` (\`.env.example\` is a commented template), in every
entry point: \`npm start\`, \`npm run dev\`, \`db:migrate\`, \`seed\` and \`bench\`. A
variable set in the real environment wins over the file, and an empty value
counts as unset. Everything is parsed at boot: a bad value stops the process
with one line naming each bad variable. Every variable is optional; the
defaults run the app offline on the embedded database with demo payments.
`;

/** The Markdown of docs/configuration.md for the schema's current variables, in the schema's order. */
export function renderConfigurationDoc(): string {
  const schemaOf = (io: 'input' | 'output') =>
    (z.toJSONSchema(envSchema, { io, unrepresentable: 'any' }) as { properties: Record<string, VariableSchema> }).properties;
  // A default of a transformed value (a flag, TRUST_PROXY) is known only on the output side.
  const output = schemaOf('output');
  const rows = Object.entries(schemaOf('input')).map(([name, variable]) => {
    const fallbackValue = variable.default ?? output[name]?.default;
    const fallback = fallbackValue === undefined ? '' : `default \`${String(fallbackValue)}\``;
    const flag = variable.enum?.includes('true') && variable.enum.includes('false');
    const values = flag ? '`true`, `false`' : variable.enum ? variable.enum.map((value) => `\`${String(value)}\``).join(', ') : '';
    if (!variable.description) throw new Error(`${name} has no description in envSchema (src/server/config.ts)`);
    const facts = [values && `one of ${values}`, fallback].filter(Boolean).join('; ');
    return `- **\`${name}\`**${facts ? ` (${facts})` : ''}: ${variable.description}`;
  });
  return `${HEADER}\n${rows.join('\n')}\n`;
}
