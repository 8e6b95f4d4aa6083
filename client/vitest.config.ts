import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [svelte(), svelteTesting()],
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
