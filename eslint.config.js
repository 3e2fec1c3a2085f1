import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import direction from './tools/eslint/import-direction.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.cache/**', '.local/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly' } },
    plugins: { giving: direction },
    rules: {
      'giving/import-direction': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod/mini'] > ImportSpecifier[imported.name='z']",
          message: "Write `import * as z from 'zod/mini'`: the named import pulls all of zod (and its locales) into bundles.",
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Use zod/mini: full zod adds ~450 KB to every Lambda bundle." },
          ],
        },
      ],
    },
  },
  {
    // A handler gets httpRoute only through its service's serviceRoute, which enforces the manifest's policy.
    files: ['services/*/handlers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'Use zod/mini: full zod adds ~450 KB to every Lambda bundle.' },
            { name: '@giving/shared/lambda/http', importNames: ['httpRoute'], message: "Build handlers with the service's route factory (services/<service>/http.ts), which enforces the manifest policy." },
          ],
        },
      ],
    },
  },
  {
    // Chart.js is imported by one module, which is itself only imported dynamically (a type import is erased), so it
    // loads with the first chart a report screen shows and never with any other page (docs/DECISIONS.md, 2026-11-26).
    files: ['web/**'],
    ignores: ['web/src/components/charts/draw-bar-chart.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['chart.js', 'chart.js/*'], message: 'Draw charts with components/charts/bar-chart.tsx: Chart.js loads only with a chart.' },
            { group: ['**/charts/draw-bar-chart'], allowTypeImports: true, message: "import() it (bar-chart.tsx does): a static import puts Chart.js in the importer's chunk." },
            // Evaluating a contract module builds every schema in it: donations.ts's are the API's requests, which no
            // page needs; building them was part of a gift page's work before its first paint (issue 12).
            {
              group: ['@giving/shared/contracts/donations'],
              allowTypeImports: true,
              message: "Import values from '@giving/shared/contracts/donations-public': donations.ts builds every payment request's schema, which only the API validates with.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every form goes through useAppForm, which focuses the first wrong field once per press (react-hook-form's own
    // focusing runs twice and moved someone typing in the first wrong field on to the next one mid-word).
    files: ['web/src/**'],
    ignores: ['web/src/lib/use-app-form.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'Use zod/mini: full zod adds ~450 KB to every Lambda bundle.' },
            { name: 'react-hook-form', importNames: ['useForm'], message: 'Use useAppForm (web/src/lib/use-app-form.ts): it focuses the first wrong field once per press.' },
          ],
        },
      ],
    },
  },
  {
    // Tests are composition roots: they wire real adapters and test helpers into the code under test.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'giving/import-direction': 'off' },
  },
  {
    files: ['tools/**', 'bench/**', 'tests/**', 'infra/bin/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
);
