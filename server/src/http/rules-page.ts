// The rules document (docs/rules.md, or its translation docs/rules.<language>.md) as a web page:
// Markdown rendered to HTML by markdown-it with raw HTML off (tags in the source are shown as text,
// and its link check refuses javascript: and the like), headings given GitHub's ids (github-slugger)
// so that the document's own contents links work here as on GitHub. A translation's headings take
// the English document's ids, heading by heading, so `/docs/rules#6-the-variants` is the same
// section in every language; its own contents links (written for GitHub's ids of its headings) are
// pointed at them.
import { BASE_LANGUAGE, type Language } from '@progressive-chess/shared';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';

/** The page's look: the web client's fonts and colours (client/src/app.css), at a readable width. */
const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', sans-serif;
  color: #222; background: #edebe9; }
* { box-sizing: border-box; }
body { margin: 0; }
a { color: #1b78d0; }
header { display: flex; gap: 1rem; align-items: baseline; padding: 0.6rem 1rem; background: #f7f6f5; border-bottom: 1px solid #d9d9d9; }
header .brand { font-weight: 700; font-size: 1.2rem; color: #222; text-decoration: none; }
main { max-width: 46rem; margin: 1.2rem auto; padding: 1rem 1.5rem; background: #fff; border: 1px solid #d9d9d9;
  border-radius: 4px; line-height: 1.55; overflow-wrap: break-word; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.3rem; margin-top: 2rem; } h3 { font-size: 1.08rem; }
h1, h2, h3 { scroll-margin-top: 1rem; }
.header-anchor { color: inherit; text-decoration: none; }
.header-anchor:hover { text-decoration: underline; }
code { font-size: 0.92em; background: #f5f5f5; padding: 0.05em 0.3em; border-radius: 3px; }
pre { overflow-x: auto; background: #f5f5f5; padding: 0.6rem; border-radius: 3px; }
pre code { padding: 0; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #d9d9d9; padding: 0.25rem 0.5rem; text-align: left; }
:focus-visible { outline: 2px solid #1b78d0; outline-offset: 1px; }
@media (max-width: 600px) { main { margin: 0; border: 0; border-radius: 0; padding: 0.8rem; } }
`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's own words around the document, in each language (the web client's messages `how_to_play` and `nav_play`, which server/test/docs.test.ts compares, and `nav_rules` for a document without a title). */
const CHROME: Readonly<Record<Language, { readonly howToPlay: string; readonly play: string; readonly title: string }>> = {
  en: { howToPlay: 'How to play', play: 'Play', title: 'Rules' },
  it: { howToPlay: 'Come si gioca', play: 'Gioca', title: 'Regole' },
  ru: { howToPlay: 'Как играть', play: 'Играть', title: 'Правила' },
};

const parser = () => new MarkdownIt({ html: false, linkify: false, typographer: false });

/** The ids GitHub gives the document's headings, in order (the English document's are every language's). */
export function headingIds(markdown: string): string[] {
  const slugger = new GithubSlugger();
  const ids: string[] = [];
  parser()
    .use(anchor, { slugify: (text) => slugger.slug(text), callback: (_token, { slug }) => ids.push(slug) })
    .render(markdown);
  return ids;
}

export interface RulesPageOptions {
  /** The document's language: the page's `lang` and its header's words (English unless told). */
  readonly language?: Language;
  /** The ids of the headings, in order (a translation's: `headingIds` of the English document); GitHub's otherwise. */
  readonly ids?: readonly string[];
}

/** The Markdown as a whole HTML page, titled by its first heading. */
export function renderRulesPage(markdown: string, options: RulesPageOptions = {}): string {
  const language = options.language ?? BASE_LANGUAGE;
  const chrome = CHROME[language];
  const slugger = new GithubSlugger();
  let heading = 0;
  /** The document's own link targets (`#` + GitHub's id, as markdown-it writes a link) to the ids given. */
  const moved = new Map<string, string>();
  const md = parser();
  md.use(anchor, {
    slugify: (text) => {
      const own = slugger.slug(text);
      const id = options.ids?.[heading++] ?? own;
      if (id !== own) moved.set(md.normalizeLink(`#${own}`), `#${id}`);
      return id;
    },
    permalink: anchor.permalink.headerLink(),
  });
  // after the anchor rule has named every heading: the contents links follow the names
  md.core.ruler.push('moved-anchors', (state) => {
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        const href = token.type === 'link_open' && !token.attrGet('class') ? token.attrGet('href') : null;
        const target = typeof href === 'string' ? moved.get(href) : undefined;
        if (target !== undefined) token.attrSet('href', target);
      }
    }
  });
  const body = md.render(markdown);
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? chrome.title;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Progressive Chess Live</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<header><a class="brand" href="/">Progressive Chess</a><a href="/rules">${chrome.howToPlay}</a><a href="/">${chrome.play}</a></header>
<main>
${body}</main>
</body>
</html>
`;
}
