import { readFileSync } from 'node:fs';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@progressive-chess/shared';
import { rulesDocument } from '../src/http/docs.js';
import { FAVICON_SVG } from '../src/http/favicon.js';
import { renderRulesPage } from '../src/http/rules-page.js';
import { startServer } from './helpers.js';

const markdown = readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8');
/** The text of the page's body, as a reader sees it (tags gone, entities as written). */
const textOf = (html: string): string => html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, '');

describe('GET /docs/rules', () => {
  it('serves docs/rules.md as a web page: headings with ids, the contents links pointing at them, no raw Markdown', async () => {
    const server = await startServer();
    const res = await fetch(`${server.url}/docs/rules`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>The rules of Progressive Chess Live · Progressive Chess Live</title>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    const headings = [...markdown.matchAll(/^#{1,6} (.+)$/gm)].length;
    const ids = [...html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(headings);
    expect(new Set(ids).size).toBe(ids.length);
    // GitHub's ids: the document's own contents links were written for them
    expect(ids).toContain('1-turns-and-series');
    expect(ids).toContain('9-clocks-draw-offers-abort');
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThan(ids.length);
    for (const t of targets) expect(ids, t).toContain(t);
    const text = textOf(html);
    expect(text).not.toMatch(/^\s*#{1,6} /m);
    expect(text).not.toMatch(/\]\(#/);
    expect(html).toContain('<code>check-before-last-move</code>');
  });

  it('still gives the Markdown to a client that asks for text/markdown', async () => {
    const server = await startServer();
    const md = await fetch(`${server.url}/docs/rules`, { headers: { accept: 'text/markdown' } });
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await md.text()).toBe(markdown);
  });

  it('answers in the reader\'s language (?lang=, else Accept-Language, else English), page and Markdown alike', async () => {
    const server = await startServer();
    const source = (language: string): string =>
      readFileSync(new URL(`../../docs/rules${language === 'en' ? '' : `.${language}`}.md`, import.meta.url), 'utf8');
    const asks: [string, Record<string, string>, string][] = [
      ['?lang=it', {}, 'it'],
      ['?lang=ru', {}, 'ru'],
      ['', { 'accept-language': 'it-CH,it;q=0.9,en;q=0.5' }, 'it'],
      ['', { 'accept-language': 'ru-RU' }, 'ru'],
      ['', { 'accept-language': 'de-DE,fr;q=0.8' }, 'en'],
      ['', {}, 'en'],
      ['?lang=xx', { 'accept-language': 'ru' }, 'ru'],
      ['?lang=en', { 'accept-language': 'ru' }, 'en'],
    ];
    const headings: Record<string, RegExp> = {
      en: /<h2 id="1-turns-and-series" tabindex="-1"><a class="header-anchor" href="#1-turns-and-series">1\. Turns and series<\/a><\/h2>/,
      it: /<h2 id="1-turns-and-series" tabindex="-1"><a class="header-anchor" href="#1-turns-and-series">1\. Turni e serie<\/a><\/h2>/,
      ru: /<h2 id="1-turns-and-series" tabindex="-1"><a class="header-anchor" href="#1-turns-and-series">1\. Очереди и серии<\/a><\/h2>/,
    };
    // the page's header says what the web client's does (its messages own the words)
    const messages = (language: string): Record<string, unknown> =>
      JSON.parse(readFileSync(new URL(`../../client/messages/${language}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
    for (const [query, headers, language] of asks) {
      const page = await fetch(`${server.url}/docs/rules${query}`, { headers });
      const html = await page.text();
      expect(html, `${query} ${JSON.stringify(headers)}`).toContain(`<html lang="${language}">`);
      expect(html, language).toMatch(headings[language] ?? /never/);
      const words = messages(language);
      expect(html, language).toContain(`<a href="/rules">${String(words.how_to_play)}</a><a href="/">${String(words.nav_play)}</a>`);
      expect(page.headers.get('vary'), language).toMatch(/Accept-Language/);
      const md = await fetch(`${server.url}/docs/rules${query}`, { headers: { ...headers, accept: 'text/markdown' } });
      expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(await md.text(), `${query} ${JSON.stringify(headers)}`).toBe(source(language));
    }
  });

  it('gives a translation the English headings\' ids, and points its own contents links at them', async () => {
    const server = await startServer();
    const idsOf = (html: string): string[] => [...html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((m) => m[1] ?? '');
    const english = idsOf(await (await fetch(`${server.url}/docs/rules?lang=en`)).text());
    for (const language of LANGUAGES) {
      const html = await (await fetch(`${server.url}/docs/rules?lang=${language}`)).text();
      expect(idsOf(html), language).toEqual(english);
      const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
      expect(targets.length, language).toBeGreaterThan(english.length);
      for (const t of targets) expect(english, `${language} ${t}`).toContain(t);
    }
  });

  it('renders raw HTML and script links of the source as text, never as markup', () => {
    const html = renderRulesPage('# T\n\n<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))\n');
    expect(html).not.toMatch(/<script>|<img|href="javascript:/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('serves the site icon at /favicon.svg and /favicon.ico (a page naming none asks for the latter)', async () => {
    const server = await startServer();
    for (const path of ['/favicon.svg', '/favicon.ico']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^image\/svg\+xml/);
      expect(await res.text()).toBe(FAVICON_SVG);
    }
    expect(FAVICON_SVG).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
  });

  it('answers 404 not-found when the document is missing', async () => {
    const app = express();
    app.get('/docs/rules', rulesDocument(() => new URL('./no-such-rules.md', import.meta.url)));
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
