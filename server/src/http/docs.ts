// The project's rules document (docs/rules.md), served as Markdown for the web client's rules pages.
import { readFile } from 'node:fs/promises';
import type { Request, RequestHandler } from 'express';
import { fail } from '../services/errors.js';

/** docs/rules.md at the repository root, from server/src/http or server/dist/http alike. */
const RULES_DOC = new URL('../../../docs/rules.md', import.meta.url);

/** `text/markdown` for clients that ask for it, else `text/plain` so that browsers show it. */
const markdownType = (req: Request): string =>
  req.accepts(['text/plain', 'text/markdown']) === 'text/markdown' ? 'text/markdown' : 'text/plain';

/** GET handler for the rules document, read once and kept; 404 `not-found` when it is missing. */
export function rulesDocument(path: URL = RULES_DOC): RequestHandler {
  let text: Promise<string> | null = null;
  return async (req, res) => {
    text ??= readFile(path, 'utf8');
    const body = await text.catch(() => {
      text = null;
      return fail('not-found', 'no rules document');
    });
    res.type(`${markdownType(req)}; charset=utf-8`).send(body);
  };
}
