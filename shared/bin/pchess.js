#!/usr/bin/env node
import '../dist/cli/pchess.js';
