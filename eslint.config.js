import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/boundaries-plugin.js';
import clock from './eslint/clock-plugin.js';
import sqlWalls from './eslint/sql-plugin.js';

/** Arbor's own rules: the module map's walls, the clock rule and SQL only in repositories. */
const arbor = { meta: { name: 'arbor' }, rules: { ...boundaries.rules, ...clock.rules, ...sqlWalls.rules } };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.cjs', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      // One type-checked program for every file (tsconfig.eslint.json) rather than one per tsconfig:
      // no-floating-promises, the one rule that needs types, costs most of the lint's time in building them.
      parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    // The module map's walls (ARCHITECTURE.md): module surfaces, no import cycles, no Fastify in services.
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'packages/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { arbor },
    rules: {
      'arbor/module-surface': 'error',
      'arbor/no-cycle': 'error',
      'arbor/no-fastify-in-services': 'error',
    },
  },
  {
    // Modules own their time: they read it from deps.clock (issue #30); tests and their helpers may not.
    // The throttle and the outbox transports, which modules call, take it from deps too.
    files: [
      'apps/server/src/modules/**/*.ts',
      'apps/server/src/lib/throttle/**/*.ts',
      'apps/server/src/lib/mail/**/*.ts',
      'apps/server/src/lib/sms/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.testing.ts', '**/testing.ts', '**/testing/**'],
    plugins: { arbor },
    rules: { 'arbor/clock-from-deps': 'error' },
  },
  {
    // SQL only in repositories and the db/ layer (eslint/sql-plugin.js says where and why).
    files: ['apps/server/src/**/*.ts'],
    plugins: { arbor },
    rules: { 'arbor/sql-in-repositories': 'error' },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Mantine's manager mounts late; an open before it is lost (lib/modals.ts waits for it).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mantine/modals', message: 'Open modals through lib/modals.ts, which waits for the manager.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/modals.ts', 'apps/web/src/app/modals-host.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly' },
    },
  },
);
