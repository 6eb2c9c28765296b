import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noCrossFeatureImports } from './apps/web/eslint-rules/no-cross-feature-imports.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'e2e/screenshots/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // Server modules keep three lanes (docs/decisions/0090-services-call-repositories.md): a route
  // parses, calls its service and presents; a service decides and calls repositories; only a
  // repository (or another module file that is neither) builds SQL.
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.repository(\\.js)?$',
              // A row's type (UserRow) may name what a route hands on; its queries may not.
              allowTypeImports: true,
              message: 'A route calls its service; the service calls the repository.',
            },
            {
              regex: '(^drizzle-orm)|(/db/schema(/|$))',
              message: 'A route builds no SQL: call a service.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^drizzle-orm',
              allowTypeImports: true,
              message: 'A service builds no SQL: move the query into a repository.',
            },
            {
              regex: '/db/schema(/|$)',
              allowTypeImports: true,
              message: 'A service builds no SQL: move the query into a repository.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      rips: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'rips/no-cross-feature-imports': [
        'error',
        { src: fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
      ],
    },
  },
);
