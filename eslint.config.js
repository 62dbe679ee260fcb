// Lint rules: typescript-eslint's recommended set, React hooks rules, and the
// import boundaries of docs/architecture.md, enforced by eslint-plugin-boundaries on the
// *resolved* file of every import, re-export and dynamic import (so
// `../../bookings/x`, `@/client/features/bookings/x` and `../../../server/x` are
// judged by where they land, not by how they are spelled), plus import-x/no-cycle.
// tests/unit/lint-boundaries.test.ts keeps these rules honest.
//
// Elements and what each may import (anything else is an error):
//   shared     src/shared                 -> shared
//   client-ui  src/client/components      -> client-ui, client-lib, shared
//   client-lib src/client/lib             -> client-ui, client-lib, shared
//   feature    src/client/features/<name> -> client-ui, client-lib, shared, and its own <name> only
//   page       src/client/pages           -> client-ui, client-lib, feature, page, shared
//   app        src/client/app.tsx, main.tsx (and styles.css) -> any client element, shared
// The server is in layers (serverLayers below): each imports shared, its own layer and the layers
// below it. Its features (serverFeatures) are in an order too: each imports the ones before it.
//   config          src/server/config.ts, environment.ts
//   db              src/server/db
//   infrastructure  src/server/{http,realtime,geocoding,verification,jobs,mail,observability}
//   features        src/server/<feature>
//   seed            src/server/seed (the demo data)
//   app             src/server/app.ts, main.ts, serve.ts
// Packages (react, zod, ...) and Node built-ins are not restricted here; a local
// file outside every element (tests/, scripts/) may not be imported from src/.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import eslintConfigPrettier from 'eslint-config-prettier/flat';

const client = ['client-ui', 'client-lib', 'feature', 'page', 'app'];

/** A policy: elements of type `from` may import elements of the types in `to`. */
const allow = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

// ---------------------------------------------------------------- the server's layers
// Element types of the server; the loose files of src/server are "server-root", told apart by name.
const server = ['server-root', 'server-db', 'server-infra', 'server-feature', 'server-seed'];
/** The server's layers, bottom to top: each is an element selector. */
const serverLayers = [
  { name: 'config', element: { type: 'server-root', fileInternalPath: '{config,environment}.ts' } },
  { name: 'db', element: { type: 'server-db' } },
  { name: 'infrastructure', element: { type: 'server-infra' } },
  { name: 'features', element: { type: 'server-feature' } },
  { name: 'seed', element: { type: 'server-seed' } },
  { name: 'app', element: { type: 'server-root', fileInternalPath: '{app,main,serve}.ts' } },
];
/** The server's features (its folders in the features layer), in order: each imports the ones before it, never one after. */
const serverFeatures = [
  'notifications',
  'auth',
  'storage',
  'users',
  'insurance',
  'schedules',
  'ratings',
  'search',
  'spaces',
  'payments',
  'bookings',
  'stays',
  'reschedules',
  'access',
  'standing-bookings',
  'payouts',
  'paperwork',
  'earnings',
  'calendar',
  'calendar-imports',
  'messages',
  'favorites',
  'reviews',
  'contact',
  'pages',
  'admin',
];
/** A micromatch pattern for any one of `names`. */
const oneOf = (names) => (names.length === 1 ? names[0] : `{${names.join(',')}}`);
const layerOrder = serverLayers.map((layer) => layer.name).join(' -> ');
const featureOrder = serverFeatures.join(' -> ');
/** Every pair of server layers, `lower` below `upper`. */
const layerPairs = serverLayers.flatMap((upper, i) => serverLayers.slice(0, i).map((lower) => ({ lower, upper })));

const serverPolicies = [
  // A layer imports shared, its own layer (the features: see below) and the layers below it.
  ...serverLayers.map(({ element }) => ({ from: { element }, allow: { to: { element: { type: 'shared' } } } })),
  ...serverLayers.filter(({ name }) => name !== 'features').map(({ element }) => ({ from: { element }, allow: { to: { element } } })),
  ...layerPairs.map(({ lower, upper }) => ({ from: { element: upper.element }, allow: { to: { element: lower.element } } })),
  // A server feature imports its own folder and the features before it.
  ...serverFeatures.map((feature, i) => ({
    from: { element: { type: 'server-feature', captured: { feature } } },
    allow: { to: { element: { type: 'server-feature', captured: { feature: oneOf(serverFeatures.slice(0, i + 1)) } } } },
  })),
  // What is refused, with the order it breaks (the last matching policy decides, so these come after the allows).
  ...layerPairs.map(({ lower, upper }) => ({
    from: { element: lower.element },
    disallow: { to: { element: upper.element } },
    message: `Server layers import downwards only (${layerOrder}): ${lower.name} may not import ${upper.name} ("{{ dependency.source }}"). See docs/architecture.md.`,
  })),
  ...serverFeatures.slice(0, -1).map((feature, i) => ({
    from: { element: { type: 'server-feature', captured: { feature } } },
    disallow: { to: { element: { type: 'server-feature', captured: { feature: oneOf(serverFeatures.slice(i + 1)) } } } },
    message: `Server features import only the features before them (${featureOrder}): ${feature} may not import {{ to.element.captured.feature }} ("{{ dependency.source }}"). See docs/architecture.md.`,
  })),
  // A new folder or loose file of src/server imports nothing until it is given a place here.
  {
    from: { element: { type: 'server-feature', captured: { feature: `!${oneOf(serverFeatures)}` } } },
    disallow: { to: { element: { types: { anyOf: ['*'] } } } },
    message:
      'src/server/{{ from.element.captured.feature }} is in no server layer: give it one in eslint.config.js (serverFeatures, or an element) and docs/architecture.md.',
  },
  {
    from: { element: { type: 'server-root', fileInternalPath: '!{config,environment,app,main,serve}.ts' } },
    disallow: { to: { element: { types: { anyOf: ['*'] } } } },
    message: "This file is in no server layer of eslint.config.js: move it into a layer's folder, or name it in serverLayers.",
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', '.tmp/', 'src/server/db/migrations/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      // Both plugins resolve imports through tsconfig.json, so `@/` aliases and extensionless paths
      // become files before any rule looks at them.
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/shared', partialMatch: false },
        { type: 'server-db', pattern: 'src/server/db', partialMatch: false },
        { type: 'server-infra', pattern: 'src/server/{http,realtime,geocoding,verification,jobs,mail,observability}', partialMatch: false },
        { type: 'server-seed', pattern: 'src/server/seed', partialMatch: false },
        { type: 'server-feature', pattern: 'src/server/*', partialMatch: false, capture: ['feature'] },
        // The rest of src/server: config.ts and environment.ts (config), app.ts, main.ts and serve.ts (app).
        { type: 'server-root', pattern: 'src/server', partialMatch: false },
        { type: 'client-ui', pattern: 'src/client/components', partialMatch: false },
        { type: 'client-lib', pattern: 'src/client/lib', partialMatch: false },
        { type: 'feature', pattern: 'src/client/features/*', partialMatch: false, capture: ['feature'] },
        { type: 'page', pattern: 'src/client/pages', partialMatch: false },
        // Element patterns name folders: the rest of src/client (app.tsx, main.tsx, styles.css) is "app".
        { type: 'app', pattern: 'src/client', partialMatch: false },
      ],
      // First matching descriptor wins, so src/client/pages/x.tsx is a page, not also the app,
      // and src/server/db/x.ts is db, not also a server feature.
      'boundaries/elements-single-match': true,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Also judge imports within one element: src/server's loose files are one element of two layers.
          checkInternals: true,
          message:
            '{{ from.element.type }} code may not import {{ to.element.type }} code ("{{ dependency.source }}"): see the import boundaries in eslint.config.js and docs/architecture.md.',
          // The last policy that matches a dependency decides.
          policies: [
            allow('shared', ['shared']),
            ...serverPolicies,
            allow('client-ui', ['client-ui', 'client-lib', 'shared']),
            allow('client-lib', ['client-lib', 'shared']),
            allow('feature', ['client-ui', 'client-lib', 'shared']),
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
            },
            allow('page', ['client-ui', 'client-lib', 'feature', 'page', 'shared']),
            // Only the known entry files are the app: a new folder under src/client falls back to "app"
            // and may import nothing until it is given an element above.
            {
              from: { element: { type: 'app', fileInternalPath: ['app.tsx', 'main.tsx'] } },
              allow: { to: { element: { types: { anyOf: [...client, 'shared'] } } } },
            },
            {
              from: { element: { type: 'app', fileInternalPath: '!{app.tsx,main.tsx}' } },
              disallow: { to: { element: { types: { anyOf: ['*'] } } } },
              message: 'This file is in no element of eslint.config.js: give its folder an element type and its import rules.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
              message:
                'A feature does not import another feature (features/{{ from.element.captured.feature }} -> features/{{ to.element.captured.feature }}, "{{ dependency.source }}"): compose them in a page (docs/architecture.md).',
            },
            {
              from: { element: { types: { anyOf: client } } },
              disallow: { to: { element: { types: { anyOf: server } } } },
              message: 'The client never imports server code ("{{ dependency.source }}"): share it through src/shared.',
            },
            {
              from: { element: { types: { anyOf: server } } },
              disallow: { to: { element: { types: { anyOf: client } } } },
              message: 'The server never imports client code ("{{ dependency.source }}"): share it through src/shared.',
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: { anyOf: [...client, ...server] } } } },
              message: 'src/shared is used by both the client and the server, so it imports neither ("{{ dependency.source }}").',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'boundaries/no-unknown-dependencies': 'error',
      'boundaries/no-unknown-files': 'error',
    },
  },
  // Last: turns off the rules that only format, which Prettier owns (npm run format).
  eslintConfigPrettier,
);
