import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLIENT_EVENTS, ERROR_CODES, SERVER_EVENTS, handshakeAuthSchema } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';

/**
 * README.md's Protocol section documents every client event, server event and error code of
 * shared/src/protocol, and nothing else: each list is read from the first column of the table
 * under its `### ` heading.
 */

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');

function section(text: string, heading: string, level: '##' | '###'): string {
  const start = text.indexOf(`\n${level} ${heading}\n`);
  if (start < 0) throw new Error(`README has no "${level} ${heading}" heading`);
  const rest = text.slice(start + heading.length + level.length + 2);
  const next = rest.search(new RegExp(`\\n#{2,${level.length}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

/** The backticked names in the first cell of each row of the first table (header and rule rows have none). */
function firstColumnNames(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  return lines
    .slice(start, end < 0 ? undefined : end)
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''));
}

const protocol = section(readme, 'Protocol', '##');
const documented = (heading: string): string[] => firstColumnNames(section(protocol, heading, '###'));
const sorted = (names: readonly string[]): string[] => [...names].sort();

describe("README's Protocol section matches shared/src/protocol", () => {
  it('client events: every one documented, nothing documented that does not exist', () => {
    const names = documented('Client events');
    expect(names.length).toBeGreaterThan(0);
    expect(sorted(names)).toEqual(sorted(Object.keys(CLIENT_EVENTS)));
  });

  it('server events: every one documented, nothing documented that does not exist', () => {
    expect(sorted(documented('Server events'))).toEqual(sorted(SERVER_EVENTS));
  });

  it('error codes: every one documented, nothing documented that does not exist', () => {
    expect(sorted(documented('Error codes'))).toEqual(sorted(ERROR_CODES));
  });

  it("the handshake's auth: every key of handshakeAuthSchema documented under Identity, nothing else", () => {
    const auth = /Connect with `auth: \{ ([^}]*) \}`/.exec(protocol)?.[1] ?? '';
    const keys = auth.split(',').map((k) => k.trim().replace(/\?$/, ''));
    expect(sorted(keys)).toEqual(sorted(Object.keys(handshakeAuthSchema.shape)));
  });

  it('reads the lists it checks (a missing heading or an empty table fails)', () => {
    expect(() => section(protocol, 'No such list', '###')).toThrow();
    expect(firstColumnNames('text\n| a | b |\n|---|---|\n| `x`, `y` | `z` |\n\n| `w` | |')).toEqual(['x', 'y']);
  });
});
