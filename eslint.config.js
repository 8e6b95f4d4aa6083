import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './client/svelte.config.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'client/.svelte-kit/**', 'client/src/paraglide/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  // The client's components, linted as its TypeScript is (import cycles: test/repo/import-cycles.test.ts).
  ...svelte.configs.recommended,
  {
    files: ['client/src/**/*.svelte', 'client/src/**/*.svelte.ts'],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { extraFileExtensions: ['.svelte'], parser: tseslint.parser, svelteConfig },
    },
    rules: {
      // The client's Maps and Sets are built whole inside $derived (never mutated after) or are
      // deliberately not reactive (LobbyModel.ended): SvelteMap/SvelteSet would add tracking for nothing.
      'svelte/prefer-svelte-reactivity': 'off',
    },
  },
);
