import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { defineProject } from 'vitest/config';

// The messages, compiled once before the tests, in a process of their own: the compiler (and Vite's
// plugin) keep handles open that would hold the test run open after its end.
execFileSync(process.execPath, ['--import', 'tsx', 'compile-messages.ts'], {
  cwd: fileURLToPath(new URL('.', import.meta.url)),
  stdio: 'inherit',
});

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
