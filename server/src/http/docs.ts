// The project's rules document (docs/rules.md, and its translations docs/rules.<language>.md): a
// web page (rules-page.ts), or its Markdown source for clients that ask for `text/markdown`, in the
// reader's language: `?lang=` (the web client's link passes its language), else the browser's
// Accept-Language, else English.
import { readFile } from 'node:fs/promises';
import { BASE_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@progressive-chess/shared';
import type { Request, RequestHandler } from 'express';
import { fail } from '../services/errors.js';
import { headingIds, renderRulesPage } from './rules-page.js';

/** docs/rules.md (English) or docs/rules.<language>.md at the repository root, from server/src/http or server/dist/http alike. */
const rulesDocUrl = (language: Language): URL =>
  new URL(`../../../docs/rules${language === BASE_LANGUAGE ? '' : `.${language}`}.md`, import.meta.url);

/** The language the reader asked for: the `lang` query, else the best of Accept-Language, else English. */
export function rulesLanguage(req: Request): Language {
  const asked = req.query.lang;
  if (isLanguage(asked)) return asked;
  const accepted = req.acceptsLanguages(...LANGUAGES);
  return isLanguage(accepted) ? accepted : BASE_LANGUAGE;
}

interface RulesDoc {
  readonly markdown: string;
  readonly html: string;
}

/**
 * GET handler for the rules document, each language read and rendered once and kept: HTML, or the
 * Markdown when the client prefers `text/markdown`; 404 `not-found` when the file is missing. A
 * translation's headings keep the English document's ids.
 */
export function rulesDocument(urlOf: (language: Language) => URL = rulesDocUrl): RequestHandler {
  const docs = new Map<Language, Promise<RulesDoc>>();
  const load = async (language: Language): Promise<RulesDoc> => {
    const markdown = await readFile(urlOf(language), 'utf8');
    if (language === BASE_LANGUAGE) return { markdown, html: renderRulesPage(markdown) };
    const ids = headingIds(await readFile(urlOf(BASE_LANGUAGE), 'utf8'));
    return { markdown, html: renderRulesPage(markdown, { language, ids }) };
  };
  return async (req, res) => {
    const language = rulesLanguage(req);
    let doc = docs.get(language);
    if (!doc) docs.set(language, (doc = load(language)));
    const { markdown, html } = await doc.catch(() => {
      docs.delete(language);
      return fail('not-found', 'no rules document');
    });
    res.vary('Accept').vary('Accept-Language');
    if (req.accepts(['text/html', 'text/markdown']) === 'text/markdown') res.type('text/markdown; charset=utf-8').send(markdown);
    else res.type('text/html; charset=utf-8').send(html);
  };
}
