// README's Configuration section lists exactly the environment variables the server reads, with
// the defaults it applies.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFromEnv, effectiveConfig } from '../../server/src/env-config.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The section's table rows, `| \`NAME\` | default | meaning |`, as [name, default cell]. */
function documented(): Map<string, string> {
  const start = readme.indexOf('\n## Configuration\n');
  const end = readme.indexOf('\n## ', start + 1);
  expect(start).toBeGreaterThan(0);
  const rows = new Map<string, string>();
  let inTable = false;
  for (const line of readme.slice(start, end).split('\n')) {
    // a row counts only inside a table (after its header and separator): a row left after a paragraph is not rendered as one
    if (/^\|\s*variable\s*\|/.test(line)) inTable = true;
    else if (!line.startsWith('|')) inTable = false;
    const m = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|\s*([^|]*)\|/.exec(line);
    if (m && inTable) rows.set(m[1] ?? '', (m[2] ?? '').trim());
    else if (m) rows.set(`${m[1] ?? ''} (outside a table)`, '');
  }
  return rows;
}

/** Every variable configFromEnv looks at. */
function read(): Set<string> {
  const names = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_t, name) {
      if (typeof name === 'string') names.add(name);
      return undefined;
    },
  });
  expect(configFromEnv(env).ok).toBe(true);
  return names;
}

describe("README's configuration tables", () => {
  it('list exactly the variables the server reads, each once, in a table', () => {
    const rows = documented();
    expect([...rows.keys()].sort()).toEqual([...read()].sort());
  });

  it('give the default the server applies', () => {
    const r = configFromEnv({});
    if (!r.ok) throw new Error(r.errors.join('; '));
    const effective = effectiveConfig(r.config);
    const checked: string[] = [];
    for (const [name, cell] of documented()) {
      const literal = /^`([\w.-]+)`/.exec(cell)?.[1];
      if (literal !== undefined) {
        expect(String(effective[name]), name).toBe(literal);
        checked.push(name);
      } else if (/^(unset|none)\b/.test(cell)) {
        expect(effective[name], name).toBeNull();
        checked.push(name);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['PORT', 'LOG_LEVEL', 'REDIS_URL', 'COMPUTE_QUEUE', 'MAX_SEEKS_PER_PLAYER', 'TRUST_PROXY', 'DENY_ADDRESS_SECONDS']));
  });
});
