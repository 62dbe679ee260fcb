// Lint rules: typescript-eslint's recommended set, React hooks rules, and the
// import boundaries of STYLE.md: shared code flows components/ui, lib ->
// features -> pages/app, a feature does not import another feature, the
// client never imports the server.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['auth', 'spaces', 'bookings', 'payments', 'messages'];

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
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '@/server/*'], message: 'The client never imports server code.' }] }],
    },
  },
  ...features.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features.filter((other) => other !== feature).flatMap((other) => [`**/features/${other}/**`, `@/client/features/${other}/**`]),
              message: 'A feature does not import another feature: compose them in a page.',
            },
            { group: ['**/pages/**', '**/app', '@/client/pages/**'], message: 'Features do not import pages or the app.' },
            { group: ['**/server/**', '@/server/*'], message: 'The client never imports server code.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/client/components/**/*.{ts,tsx}', 'src/client/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/pages/**', '@/client/features/**', '@/client/pages/**'], message: 'Shared client code does not import features or pages.' }] },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/client/**'], message: 'Shared code imports neither client nor server.' }] }],
    },
  },
);
