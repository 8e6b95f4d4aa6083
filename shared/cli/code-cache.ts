/**
 * Runs a CommonJS bundle through a V8 code cache kept in a file next to it: a fresh process then
 * skips parsing and compiling the functions an earlier run compiled (Node 20 has no
 * module.enableCompileCache; v8-compile-cache only covers require). The file's first line names
 * the Node and the bundle (size and modification time) it was made for; another one's cache is
 * not handed to V8. V8 itself checks its version, flags and the source's length, and, with
 * --verify-snapshot-checksum (set here before any compiling), a checksum of the payload: without it,
 * a damaged cache crashes the process. A cache it refuses leaves the bundle compiled from source.
 */
import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/** none: no cache file; stale: made for another bundle or Node (or not a cache); rejected: V8 refused it; used: V8 took it. */
export type CacheStatus = 'none' | 'stale' | 'rejected' | 'used';

export interface CachedRun {
  readonly exports: unknown;
  readonly status: CacheStatus;
  /** Writes the cache from what this process compiled so far (best after the run); false when it could not be written. */
  save(): boolean;
}

const MAGIC = 'pchess-code-cache 1';

/** The cache's payload when its first line is `header`. */
function readCache(cacheFile: string, header: string): { data: Buffer | undefined; status: CacheStatus } {
  let file: Buffer;
  try {
    file = readFileSync(cacheFile);
  } catch {
    return { data: undefined, status: 'none' };
  }
  const end = file.indexOf(10);
  if (end !== header.length || file.toString('latin1', 0, end) !== header) return { data: undefined, status: 'stale' };
  return { data: file.subarray(end + 1), status: 'used' };
}

/** Runs the CommonJS file `bundle` (its `require` resolving from where it lies), with the code cache in `cacheFile`. */
export function runCached(bundle: string, cacheFile: string): CachedRun {
  setFlagsFromString('--verify-snapshot-checksum');
  const source = readFileSync(bundle, 'utf8');
  const st = statSync(bundle);
  const header = `${MAGIC} ${process.version} ${st.size} ${st.mtimeMs}`;
  const cached = readCache(cacheFile, header);
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapper, { filename: bundle, ...(cached.data ? { cachedData: cached.data } : {}) });
  const status: CacheStatus = cached.data && script.cachedDataRejected === true ? 'rejected' : cached.status;
  const module = { exports: {} as unknown };
  const fn = script.runInThisContext() as (e: unknown, r: NodeJS.Require, m: { exports: unknown }, f: string, d: string) => void;
  fn(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  const save = (): boolean => {
    const temp = `${cacheFile}.${process.pid}.tmp`;
    let fd: number;
    try {
      fd = openSync(temp, 'w');
    } catch {
      return false; // a folder it may not write to: the cache is not even made
    }
    try {
      try {
        const data = Buffer.concat([Buffer.from(`${header}\n`, 'latin1'), script.createCachedData()]);
        for (let at = 0; at < data.length; ) at += writeSync(fd, data, at);
      } finally {
        closeSync(fd);
      }
      // renamed into place whole: a process reading it meanwhile sees the old file or the new one
      renameSync(temp, cacheFile);
      return true;
    } catch {
      rmSync(temp, { force: true });
      return false;
    }
  };
  return { exports: module.exports, status, save };
}
