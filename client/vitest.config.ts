import { fileURLToPath } from 'node:url';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { defineProject } from 'vitest/config';
import { paraglideOptions } from './i18n.config.ts';

export default defineProject({
  plugins: [paraglideVitePlugin(paraglideOptions), svelte(), svelteTesting()],
  resolve: {
    alias: { '@progressive-chess/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'client',
    include: ['src/**/*.test.ts'],
    environment: 'jsdom',
    // jsdom renders of the board and pages take 1-3 s alone, more beside the other suites on 2 cores
    // (two hit the 5 s default once); the tests assert what is shown, not how fast.
    testTimeout: 20_000,
  },
});
