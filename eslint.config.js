// ESLint (flat config): typescript-eslint's type-aware rules where they catch real bugs (a floating
// promise in the sidebar, unsafe `any`, unused code), Prettier owning the layout. `npm run lint`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'release/', 'node_modules/', 'test-output/', 'bench/baseline/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // Each folder's own tsconfig (server: Apps Script; sidebar, playground page and dev/host's shim: DOM;
      // the rest: node). Only files no tsconfig holds (the config files, the fetch worker, the git hook
      // scripts of scripts/*.mjs) use the default project.
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'dev/gas/services/*.mjs', 'scripts/*.mjs'],
          defaultProject: 'tsconfig.node.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      // Unused code is a bug or clutter; an underscore marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Passing on what a catch caught (typed unknown) is not inventing a non-Error reason: the same
      // allowance only-throw-error makes for `throw error`. An `as Error` there would be flagged as an
      // unnecessary assertion, so the two rules could not both be satisfied otherwise.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    files: ['src/sidebar/**/*.ts', 'dev/playground/page/**/*.js', 'dev/host/shim.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
