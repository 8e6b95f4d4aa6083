import express from 'express';
import { describe, expect, it } from 'vitest';
import { rulesDocument } from '../src/http/docs.js';
import { startServer } from './helpers.js';

describe('GET /docs/rules', () => {
  it('serves docs/rules.md: as text/plain to browsers, as text/markdown on request', async () => {
    const server = await startServer();
    const plain = await fetch(`${server.url}/docs/rules`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await plain.text();
    expect(text.startsWith('# The rules of Progressive Chess Live\n')).toBe(true);
    const md = await fetch(`${server.url}/docs/rules`, { headers: { accept: 'text/markdown' } });
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await md.text()).toBe(text);
  });

  it('answers 404 not-found when the document is missing', async () => {
    const app = express();
    app.get('/docs/rules', rulesDocument(new URL('./no-such-rules.md', import.meta.url)));
    app.use(((err, _req, res, _next) => {
      res.status(err instanceof Error && err.name === 'ServiceError' ? 404 : 500).json({ code: 'not-found' });
    }) as express.ErrorRequestHandler);
    const listening = app.listen(0, '127.0.0.1');
    await new Promise<void>((r) => listening.once('listening', () => r()));
    try {
      const address = listening.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/docs/rules`);
      expect(res.status).toBe(404);
    } finally {
      listening.close();
    }
  });
});
