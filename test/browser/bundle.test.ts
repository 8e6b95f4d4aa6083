import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIST, ensureClientBuilt } from './support/server.js';

describe('client bundle', () => {
  beforeAll(() => ensureClientBuilt());

  it('keeps the lobby\'s initial JavaScript and CSS (every language\'s messages included) at or under 100 KB gzip, without zod', () => {
    const html = readFileSync(`${CLIENT_DIST}index.html`, 'utf8');
    const scripts = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
    const initial = [...scripts, ...preloads];
    expect(initial.length).toBeGreaterThan(0);
    let gzip = 0;
    for (const file of initial) {
      const code = readFileSync(`${CLIENT_DIST}${file}`);
      gzip += gzipSync(code).length;
      expect(code.toString('utf8')).not.toMatch(/ZodError|\$ZodType/);
    }
    const styles = [...html.matchAll(/<link rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((m) => m[1] ?? '');
    expect(styles.length).toBeGreaterThan(0);
    for (const file of styles) gzip += gzipSync(readFileSync(`${CLIENT_DIST}${file}`)).length;
    expect(gzip).toBeLessThanOrEqual(100 * 1024);
    expect(readdirSync(`${CLIENT_DIST}assets`).some((f) => f.endsWith('.css'))).toBe(true);
  });
});
