// Compiles messages/*.json into src/paraglide (typed functions) for svelte-check; Vite does it itself.
import { compile } from '@inlang/paraglide-js';
import { paraglideOptions } from './i18n.config.ts';

await compile(paraglideOptions);
