// The test harness's Redis launcher: distinct free ports, and a port taken before the server binds it.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePorts, portTaken, skipWithoutRedis, startRedis, type RedisHandle } from '../support/redis-server.js';

describe('free ports', () => {
  it('are distinct when asked for together, even as each is released', async () => {
    for (let i = 0; i < 20; i++) {
      const ports = await freePorts(3);
      expect(new Set(ports).size).toBe(3);
      for (const p of ports) expect(p).toBeGreaterThan(0);
    }
  });
});

describe.skipIf(skipWithoutRedis())('a redis-server whose port is taken', () => {
  let holder: Server | null = null;
  const started: RedisHandle[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((r) => r.stop()));
    await new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve()));
    holder = null;
  });

  /** Holds a loopback port, as another process would. */
  async function hold(): Promise<number> {
    const [port] = await freePorts(1);
    // (it hangs up on whoever connects: the launcher's PING gets no answer from it)
    const srv = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => srv.listen(port, '127.0.0.1', resolve));
    holder = srv;
    return port ?? 0;
  }

  it('fails to start on that port, and says so', async () => {
    const port = await hold();
    const e = await startRedis({ port, appendOnly: false }).then(
      (r) => (started.push(r), null),
      (err: unknown) => err,
    );
    expect(portTaken(e)).toBe(true);
  });

  it('started on a given free port, listens there', async () => {
    const [port] = await freePorts(1);
    const r = await startRedis({ port: port ?? 0, appendOnly: false });
    started.push(r);
    expect(r.port).toBe(port);
    expect(r.url).toBe(`redis://127.0.0.1:${port}`);
  });
});
