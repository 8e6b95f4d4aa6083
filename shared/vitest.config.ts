import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Searches bounded by node counts (mate, bot) take 1-4 s alone and more beside the other
    // suites on 2 cores; they assert what is found, not how fast (bench:mate and bench:bot do).
    testTimeout: 20_000,
  },
});
