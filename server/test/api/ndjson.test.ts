import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { openNdjson, type Ndjson } from '../../src/api/ndjson.js';

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

describe('NDJSON streams', () => {
  it('write a JSON value per line, an empty keep-alive line when idle, and forget a stream its client closed', async () => {
    const open = new Set<Ndjson>();
    let closed!: () => void;
    const gone = new Promise<void>((r) => (closed = r));
    const app = express();
    app.get('/s', (req, res) => {
      const out = openNdjson(req, res, open, 30);
      out.onClose(closed);
      out.send({ type: 'hello' });
    });
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((r) => server.once('listening', r));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const ac = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/s`, { signal: ac.signal });
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('}\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text.startsWith('{"type":"hello"}\n\n')).toBe(true);
    expect(open.size).toBe(1);
    ac.abort();
    await gone;
    expect(open.size).toBe(0);
  });
});
