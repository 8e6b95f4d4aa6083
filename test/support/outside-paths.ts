// Finds text in the repository's own files that points outside the repository: absolute
// paths of a build machine, or relative paths to a `shared` folder that climb out of the
// checkout (or name a file the checkout does not have, like a reference folder beside it).
// The patterns are assembled from pieces so that this file does not name what it looks for.
import { posix } from 'node:path';

/** Top-level folders of a machine's file system that no file in the repository may name. */
const MACHINE_ROOTS = ['wo' + 'rk', 'ho' + 'me', 'Us' + 'ers', 'ro' + 'ot'];
const ABSOLUTE = new RegExp(String.raw`(?<![\w.~$-])/(?:${MACHINE_ROOTS.join('|')})/`, 'g');
/** One or more `..` steps, then the `shared` folder: resolved against the naming file's folder. */
const CLIMB = new RegExp(String.raw`(?:\.\./)+` + 'sha' + String.raw`red/[\w./-]*`, 'g');

export interface OutsidePath { file: string; line: number; text: string; why: string }

/**
 * The offending paths of one tracked file. `file` is relative to the repository root (posix
 * separators); `inRepo(path)` tells whether a repository-relative path is a tracked file or
 * a folder holding one (an import of `x.js` may name the tracked `x.ts`).
 */
export function findOutsidePaths(file: string, text: string, inRepo: (path: string) => boolean): OutsidePath[] {
  const found: OutsidePath[] = [];
  const lineOf = (index: number): number => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(ABSOLUTE)) {
    found.push({ file, line: lineOf(m.index), text: m[0], why: 'absolute machine path' });
  }
  for (const m of text.matchAll(CLIMB)) {
    const target = posix.normalize(posix.join(posix.dirname(file), m[0])).replace(/\/+$/, '');
    if (target.startsWith('../')) found.push({ file, line: lineOf(m.index), text: m[0], why: 'climbs out of the repository' });
    else if (!inRepo(target) && !inRepo(target.replace(/\.js$/, '.ts'))) found.push({ file, line: lineOf(m.index), text: m[0], why: `names ${target}, which the repository does not hold` });
  }
  return found;
}

/** The repository's tracked paths and every folder above them, for `findOutsidePaths`. */
export function repoPathSet(files: readonly string[]): Set<string> {
  const all = new Set<string>();
  for (const f of files) {
    all.add(f);
    for (let dir = posix.dirname(f); dir !== '.'; dir = posix.dirname(dir)) all.add(dir);
  }
  return all;
}

/** A file is binary when its first 8000 bytes hold a NUL (git's own test). */
export const isBinary = (bytes: Uint8Array): boolean => bytes.subarray(0, 8000).includes(0);
