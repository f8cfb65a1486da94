import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps-desktop-admin/out/**',
      'apps-desktop-admin/release/**',
      'data/**',
      'test-artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    files: ['apps-web/**/*.{ts,tsx}', 'apps-desktop-admin/src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // A unit a person can read in one sitting: the product's files, functions and components stay
    // under these (tests and their helpers aside, which hold long tables of cases).
    files: [
      'services-api/src/**/*.ts',
      'shared/src/**/*.ts',
      'apps-web/src/**/*.{ts,tsx}',
      'apps-desktop-admin/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.ts', 'services-api/src/test/**', 'apps-desktop-admin/src/main/test-electron.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Browsers import the route heads and the typed client without zod (the landing page's
    // JavaScript has a budget, docs/benchmarks.md); a schema import here would pull zod into every bundle.
    files: [
      'shared/src/browser.ts',
      'shared/src/client/**/*.ts',
      'shared/src/contract/access.ts',
      'shared/src/contract/endpoints.ts',
      'shared/src/contract/*/endpoints.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Route heads and the client stay free of zod.' }],
          patterns: [
            {
              regex: '(schemas|routes)(\\.js)?$',
              message: 'Route heads and the client stay free of schemas.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
