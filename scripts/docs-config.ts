/** `npm run docs:config`: writes docs/configuration.md from the environment's schema (scripts/configuration-doc.ts). */
import { writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { CONFIGURATION_DOC, renderConfigurationDoc } from './configuration-doc';

writeFileSync(CONFIGURATION_DOC, await format(renderConfigurationDoc(), { filepath: CONFIGURATION_DOC }));
console.log('docs/configuration.md written.');
