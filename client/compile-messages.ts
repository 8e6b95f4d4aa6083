// Compiles messages/*.json into src/paraglide (typed functions) for svelte-check and the tests;
// Vite's build does it itself (its plugin). The compiler keeps timers of its own open after it is
// done (about 30 s): exit once the files are written.
import { compile } from '@inlang/paraglide-js';
import { paraglideOptions } from './i18n.config.ts';

await compile(paraglideOptions);
process.exit(0);
