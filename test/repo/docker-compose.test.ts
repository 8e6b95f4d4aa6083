// docker-compose.yml, read as Docker Compose reads it (no Docker here): valid YAML, nodes whose
// environment is a configuration the server accepts, services wired to each other and to nginx.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { configFromEnv } from '../../server/src/env-config.js';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

interface Service {
  readonly image?: string;
  readonly build?: string;
  readonly command?: readonly string[];
  readonly environment?: Record<string, string>;
  readonly depends_on?: Record<string, { condition: string }> | readonly string[];
  readonly healthcheck?: { test: readonly string[] };
  readonly ports?: readonly string[];
  readonly volumes?: readonly string[];
}
interface Compose {
  readonly services: Record<string, Service>;
  readonly volumes?: Record<string, unknown>;
}

/** Compose's `${NAME:-default}` with nothing set in the shell: the default. */
const interpolate = (v: string): string => v.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

function compose(): Compose {
  const doc = parseDocument(read('docker-compose.yml'), { merge: true });
  expect(doc.errors.map((e) => e.message)).toEqual([]);
  expect(doc.warnings.map((e) => e.message)).toEqual([]);
  return doc.toJS() as Compose;
}

const NODES = ['node1', 'node2'];

describe('docker-compose.yml', () => {
  const { services, volumes } = compose();
  const envOf = (name: string): Record<string, string> =>
    Object.fromEntries(Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]));

  it('has Redis (append-only file), PostgreSQL, two nodes and the proxy, each dependency declared', () => {
    expect(Object.keys(services).sort()).toEqual(['node1', 'node2', 'postgres', 'proxy', 'redis']);
    expect(services.redis?.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    for (const [name, s] of Object.entries(services)) {
      const deps = Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {});
      for (const d of deps) expect(Object.keys(services), `${name} depends on ${d}`).toContain(d);
      for (const v of s.volumes ?? []) {
        const source = v.split(':')[0] ?? '';
        if (!source.startsWith('.')) expect(Object.keys(volumes ?? {}), `${name}: ${v}`).toContain(source);
      }
    }
  });

  it("gives each node a configuration the server accepts (the image's CLIENT_DIR aside), on the shared Redis and PostgreSQL", () => {
    for (const name of NODES) {
      expect(services[name]?.build, name).toBe('.');
      const env = envOf(name);
      const r = configFromEnv(env, () => true);
      expect(r.ok ? [] : r.errors, name).toEqual([]);
      expect(new URL(env.REDIS_URL ?? '').hostname).toBe('redis');
      const db = new URL(env.DATABASE_URL ?? '');
      const pg = envOf('postgres');
      expect([db.hostname, db.username, db.password, db.pathname]).toEqual(['postgres', pg.POSTGRES_USER, pg.POSTGRES_PASSWORD, `/${pg.POSTGRES_DB}`]);
      // behind nginx: the client's address comes from X-Real-IP
      expect(env.TRUST_PROXY).toBe('1');
      expect(env.PUBLIC_URL).toBe('http://localhost:8080');
    }
    expect(envOf('node1')).toEqual(envOf('node2'));
  });

  it('starts each service once what it needs answers its health check', () => {
    for (const name of ['redis', 'postgres']) expect(services[name]?.healthcheck?.test.length, name).toBeGreaterThan(0);
    // the nodes' health check is the image's (Dockerfile HEALTHCHECK on /healthz)
    expect(read('Dockerfile')).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
    const healthy = { condition: 'service_healthy' };
    for (const name of NODES) expect(services[name]?.depends_on).toEqual({ redis: healthy, postgres: healthy });
    // nginx would answer 502 while the nodes open their database
    expect(services.proxy?.depends_on).toEqual({ node1: healthy, node2: healthy });
  });

  it('publishes the proxy on the port the README opens, in front of both nodes on their PORT', () => {
    expect(services.proxy?.ports).toEqual(['8080:8080']);
    expect(read('README.md')).toContain('docker compose up --build     # then open http://localhost:8080');
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toContain('listen 8080;');
    const upstream = [...nginx.matchAll(/^\s*server (\S+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(upstream).toEqual(NODES.map((n) => `${n}:${envOf(n).PORT}`));
  });
});
