#!/usr/bin/env node
// The CLI as one bundled file (npm run build -w shared): a fresh process loads one module instead
// of the package's hundred-odd, and none of the protocol's schemas it does not use.
import '../dist/cli/pchess.bundle.js';
