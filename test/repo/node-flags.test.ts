// The game server's Node flags are the same wherever it is started: npm start, the Docker image, the benchmarks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, serverNodeFlags } from '../../scripts/node-flags.mjs';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the server Node flags', () => {
  it('are in the Docker image command, before the entry point', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, 'server/dist/index.js']);
  });

  it('are passed by npm start and the benchmarks', () => {
    expect(read('scripts/start.mjs')).toMatch(/spawn\(process\.execPath, \[\.\.\.serverNodeFlags\(\), /);
    expect(read('test/bench/child.ts')).toContain('serverNodeFlags()');
  });

  it('give way to a flag of the same name in NODE_OPTIONS', () => {
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(serverNodeFlags('')).toEqual([...SERVER_NODE_FLAGS]);
    const name = SERVER_NODE_FLAGS[0]?.split('=')[0] ?? '';
    expect(serverNodeFlags(`--trace-warnings ${name}=8`)).not.toContain(SERVER_NODE_FLAGS[0]);
  });
});
