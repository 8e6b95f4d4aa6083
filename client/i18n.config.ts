/**
 * The one place the message compiler (Paraglide JS) is configured: the Vite build, the client's
 * tests and `npm run messages -w client` (before svelte-check) all compile with these options.
 * Messages live in messages/{locale}.json (project.inlang/settings.json lists the languages).
 */
import type { CompilerOptions } from '@inlang/paraglide-js';
import { fileURLToPath } from 'node:url';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export const paraglideOptions: CompilerOptions = {
  project: here('./project.inlang'),
  outdir: here('./src/paraglide'),
  // The client chooses the language itself (src/lib/i18n.svelte.ts): browser, remembered choice.
  strategy: ['baseLocale'],
  emitTsDeclarations: true,
};
