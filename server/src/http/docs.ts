// The project's rules document (docs/rules.md): a web page (rules-page.ts), or its Markdown source
// for clients that ask for `text/markdown`.
import { readFile } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import { fail } from '../services/errors.js';
import { renderRulesPage } from './rules-page.js';

/** docs/rules.md at the repository root, from server/src/http or server/dist/http alike. */
const RULES_DOC = new URL('../../../docs/rules.md', import.meta.url);

interface RulesDoc {
  readonly markdown: string;
  readonly html: string;
}

/**
 * GET handler for the rules document, read and rendered once and kept: HTML, or the Markdown when
 * the client prefers `text/markdown`; 404 `not-found` when the file is missing.
 */
export function rulesDocument(path: URL = RULES_DOC): RequestHandler {
  let doc: Promise<RulesDoc> | null = null;
  return async (req, res) => {
    doc ??= readFile(path, 'utf8').then((markdown) => ({ markdown, html: renderRulesPage(markdown) }));
    const { markdown, html } = await doc.catch(() => {
      doc = null;
      return fail('not-found', 'no rules document');
    });
    if (req.accepts(['text/html', 'text/markdown']) === 'text/markdown') res.type('text/markdown; charset=utf-8').send(markdown);
    else res.type('text/html; charset=utf-8').send(html);
  };
}
