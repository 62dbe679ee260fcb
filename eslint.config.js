// Lint rules: typescript-eslint's recommended set, React hooks rules, and the
// import boundaries of STYLE.md, enforced by eslint-plugin-boundaries on the
// *resolved* file of every import, re-export and dynamic import (so
// `../../bookings/x`, `@/client/features/bookings/x` and `../../../server/x` are
// judged by where they land, not by how they are spelled), plus import-x/no-cycle.
// tests/unit/lint-boundaries.test.ts keeps these rules honest.
//
// Elements and what each may import (anything else is an error):
//   shared     src/shared                 -> shared
//   server     src/server                 -> server, shared
//   client-ui  src/client/components      -> client-ui, client-lib, shared
//   client-lib src/client/lib             -> client-ui, client-lib, shared
//   feature    src/client/features/<name> -> client-ui, client-lib, shared, and its own <name> only
//   page       src/client/pages           -> client-ui, client-lib, feature, page, shared
//   app        src/client/app.tsx, main.tsx (and styles.css) -> any client element, shared
// Packages (react, zod, ...) and Node built-ins are not restricted here; a local
// file outside every element (tests/, scripts/) may not be imported from src/.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const client = ['client-ui', 'client-lib', 'feature', 'page', 'app'];

/** A policy: elements of type `from` may import elements of the types in `to`. */
const allow = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', '.tmp/', 'src/server/db/migrations/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
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
        { type: 'server', pattern: 'src/server', partialMatch: false },
        { type: 'client-ui', pattern: 'src/client/components', partialMatch: false },
        { type: 'client-lib', pattern: 'src/client/lib', partialMatch: false },
        { type: 'feature', pattern: 'src/client/features/*', partialMatch: false, capture: ['feature'] },
        { type: 'page', pattern: 'src/client/pages', partialMatch: false },
        // Element patterns name folders: the rest of src/client (app.tsx, main.tsx, styles.css) is "app".
        { type: 'app', pattern: 'src/client', partialMatch: false },
      ],
      // First matching descriptor wins, so src/client/pages/x.tsx is a page, not also the app.
      'boundaries/elements-single-match': true,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{ from.element.type }} code may not import {{ to.element.type }} code ("{{ dependency.source }}"): see the import boundaries in eslint.config.js and STYLE.md.',
          // The last policy that matches a dependency decides.
          policies: [
            allow('shared', ['shared']),
            allow('server', ['server', 'shared']),
            allow('client-ui', ['client-ui', 'client-lib', 'shared']),
            allow('client-lib', ['client-ui', 'client-lib', 'shared']),
            allow('feature', ['client-ui', 'client-lib', 'shared']),
            { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } } },
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
                'A feature does not import another feature (features/{{ from.element.captured.feature }} -> features/{{ to.element.captured.feature }}, "{{ dependency.source }}"): compose them in a page (STYLE.md).',
            },
            {
              from: { element: { types: { anyOf: client } } },
              disallow: { to: { element: { type: 'server' } } },
              message: 'The client never imports server code ("{{ dependency.source }}"): share it through src/shared.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'boundaries/no-unknown-dependencies': 'error',
      'boundaries/no-unknown-files': 'error',
    },
  },
);
