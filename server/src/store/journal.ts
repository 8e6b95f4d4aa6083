import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { open, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { StoreUnavailableError } from './store.js';

/**
 * The files of the durable store (durable-store.ts) in its folder: `snapshot.json` (the whole
 * state after entry `seq`) and `journal-<first seq>.ndjson` files, one JSON entry a line, each
 * line written whole before the change it records is acknowledged.
 *
 * Writes are batched: the lines of one event-loop turn go out in one write, and a batch waits for
 * the previous one (group commit). Each file is fsynced every `fsyncMs` while it has unsynced
 * lines, and before the next file is started. So a killed process (kill -9, a crash) loses no
 * acknowledged change; a power cut or an operating-system crash may lose the last `fsyncMs`.
 * A torn last line (a write cut short) is ignored on load; any other damage stops the load.
 */

const SNAPSHOT = 'snapshot.json';
const SNAPSHOT_FORMAT = 1;
const JOURNAL = /^journal-(\d+)\.ndjson$/;
const journalName = (firstSeq: number): string => `journal-${String(firstSeq).padStart(12, '0')}.ndjson`;

/** One journal line: its sequence number, the clock when the change was made, and the change. */
export type JournalEntry = [seq: number, at: number, ...change: unknown[]];

export interface JournalContents<S> {
  /** The last snapshot's state, or null when there is none (a new folder). */
  readonly snapshot: S | null;
  /** The entries after the snapshot, in order. */
  readonly entries: JournalEntry[];
  /** The last sequence number, of the snapshot or of an entry (0: nothing yet). */
  readonly seq: number;
}

/** The store's folder made unreadable (not a torn last line): the operator decides, nothing is overwritten. */
export class JournalDamagedError extends Error {
  constructor(file: string, line: number, what: string) {
    super(`${file}, line ${line}: ${what}; nothing was changed (move the folder away to start empty, or restore a backup)`);
    this.name = 'JournalDamagedError';
  }
}

/** Reads the snapshot and the journal entries after it (synchronously: before anything is served). */
export function readJournal<S>(dir: string): JournalContents<S> {
  mkdirSync(dir, { recursive: true });
  const snapPath = join(dir, SNAPSHOT);
  let snapshot: S | null = null;
  let seq = 0;
  const files = readdirSync(dir);
  if (files.includes(SNAPSHOT)) {
    let s: { format: number; seq: number; state: S };
    try {
      s = JSON.parse(readFileSync(snapPath, 'utf8')) as typeof s;
    } catch {
      throw new JournalDamagedError(snapPath, 1, 'not a snapshot');
    }
    if (s.format !== SNAPSHOT_FORMAT) throw new JournalDamagedError(snapPath, 1, `snapshot format ${s.format}, expected ${SNAPSHOT_FORMAT}`);
    snapshot = s.state;
    seq = s.seq;
  }
  const entries: JournalEntry[] = [];
  for (const name of journalFiles(files)) {
    const path = join(dir, name);
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.pop(); // '' after the last newline, or a torn last line: never acknowledged
    for (const [i, line] of lines.entries()) {
      let entry: JournalEntry;
      try {
        entry = JSON.parse(line) as JournalEntry;
      } catch {
        throw new JournalDamagedError(path, i + 1, 'not a journal entry');
      }
      if (!Array.isArray(entry) || typeof entry[0] !== 'number') throw new JournalDamagedError(path, i + 1, 'not a journal entry');
      if (entry[0] <= seq) continue; // already in the snapshot
      if (entry[0] !== seq + 1) throw new JournalDamagedError(path, i + 1, `entry ${entry[0]} follows ${seq}: entries are missing`);
      entries.push(entry);
      seq = entry[0];
    }
  }
  return { snapshot, entries, seq };
}

/** Journal files, oldest first. */
function journalFiles(files: readonly string[]): string[] {
  return files
    .flatMap((f) => {
      const m = JOURNAL.exec(f);
      return m ? [{ f, first: Number(m[1]) }] : [];
    })
    .sort((a, b) => a.first - b.first)
    .map((x) => x.f);
}

/** Writes `snapshot.json` (state after entry `seq`) through a temporary file, synced, renamed, folder synced. */
function writeSnapshot(dir: string, seq: number, state: unknown): number {
  const text = JSON.stringify({ format: SNAPSHOT_FORMAT, seq, state });
  const tmp = join(dir, `${SNAPSHOT}.tmp`);
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, join(dir, SNAPSHOT));
  syncFolder(dir);
  return text.length;
}

/** `writeSnapshot` without blocking the event loop on the disk (the JSON text is still made at once). */
async function writeSnapshotAsync(dir: string, seq: number, state: unknown): Promise<number> {
  const text = JSON.stringify({ format: SNAPSHOT_FORMAT, seq, state });
  const tmp = join(dir, `${SNAPSHOT}.tmp`);
  const file = await open(tmp, 'w');
  try {
    await file.writeFile(text);
    await file.datasync();
  } finally {
    await file.close();
  }
  await rename(tmp, join(dir, SNAPSHOT));
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
  return text.length;
}

function syncFolder(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export interface JournalOptions {
  /** fsync the journal this often while it has unsynced lines (ms). */
  readonly fsyncMs: number;
  /** A snapshot is taken when the journal has grown past this many bytes, and past the last snapshot's size. */
  readonly snapshotBytes: number;
}

/**
 * The open journal: appends lines in batches, fsyncs on a timer, and takes snapshots (the whole
 * state, from `state()`) when the journal has grown, starting a new journal file each time.
 */
export class Journal {
  private seq: number;
  private handle: FileHandle | null = null;
  private fileName: string;
  private pending: string[] = [];
  /** The promise of the batch being gathered (one for all its lines), or null. */
  private batch: Promise<void> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private unsynced = false;
  private fileBytes = 0;
  private snapshotSize = 0;
  /** The snapshot being written, if any. */
  private snapshotting: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  /** The first write or sync error: every later append fails with it. */
  failure: StoreUnavailableError | null = null;

  /** Takes a snapshot of `state()` at `seq` at once (so the journal starts empty) and opens a new journal file. */
  constructor(
    private readonly dir: string,
    seq: number,
    private readonly state: () => unknown,
    private readonly opts: JournalOptions,
  ) {
    this.seq = seq;
    this.snapshotSize = writeSnapshot(dir, seq, state());
    this.fileName = journalName(seq + 1);
    // every journal read is in the snapshot; what is left is torn lines, never to be appended to
    this.removeJournalsBefore(null);
    // a failed sync is kept in `failure`: the next append reports it
    this.timer = setInterval(() => void this.enqueue(() => this.sync()).catch(() => undefined), opts.fsyncMs);
    this.timer.unref();
  }

  /**
   * Appends one change made at clock `at`; resolves once its line is written (rejects with the
   * write's error). Entries are numbered here, in call order: call it in the same synchronous step
   * as the change. The lines of one event-loop turn share one write and one promise.
   */
  append(at: number, change: readonly unknown[], replacer?: (key: string, value: unknown) => unknown): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    this.seq += 1;
    this.pending.push(`${JSON.stringify([this.seq, at, ...change], replacer)}\n`);
    if (this.batch === null) {
      const data = (): string => {
        const text = this.pending.join('');
        this.pending = [];
        this.batch = null;
        return text;
      };
      // after this turn's other appends (setImmediate: once the turn's I/O callbacks have run)
      this.batch = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush(data()));
    }
    return this.batch;
  }

  /** Writes what is pending, syncs, and takes a snapshot (so the next start reads no journal); then stops. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.batch?.catch(() => undefined);
    await this.chain;
    await this.snapshotting;
    await this.handle?.close();
    this.handle = null;
    if (this.failure === null) {
      writeSnapshot(this.dir, this.seq, this.state());
      this.removeJournalsBefore(null);
    }
  }

  /** Writes a batch after the ones before it; a snapshot follows when the journal has grown enough. */
  private flush(data: string): Promise<void> {
    const written = this.enqueue(async () => {
      await this.write(data);
      this.fileBytes += Buffer.byteLength(data);
    });
    if (this.fileBytes > Math.max(this.opts.snapshotBytes, this.snapshotSize)) this.snapshot();
    return written;
  }

  /** Runs `step` after every step before it; the first failure is kept and fails every later step. */
  private enqueue(step: () => Promise<void>): Promise<void> {
    const run = async (): Promise<void> => {
      if (this.failure !== null) throw this.failure;
      try {
        await step();
      } catch (e) {
        this.failure ??= new StoreUnavailableError(e);
        throw this.failure;
      }
    };
    const p = this.chain.then(run);
    this.chain = p.catch(() => undefined);
    return p;
  }

  private async write(data: string): Promise<void> {
    this.handle ??= await open(join(this.dir, this.fileName), 'a');
    await this.handle.appendFile(data);
    this.unsynced = true;
  }

  private async sync(): Promise<void> {
    if (!this.unsynced || this.handle === null) return;
    this.unsynced = false;
    await this.handle.datasync();
  }

  /**
   * The state now (after entry `seq`) goes to a snapshot; later lines go to a new file (the old one
   * synced first). The snapshot is written beside the journal, which goes on meanwhile; the old
   * files are removed once it is on disk (a crash before leaves them, and the entries the snapshot
   * holds are skipped on load).
   */
  private snapshot(): void {
    if (this.snapshotting !== null) return;
    const seq = this.seq;
    const state = this.state();
    const next = journalName(seq + 1);
    this.fileBytes = 0;
    this.snapshotting = this.enqueue(async () => {
      await this.sync();
      await this.handle?.close();
      this.handle = null;
      this.fileName = next;
    })
      .then(async () => {
        this.snapshotSize = await writeSnapshotAsync(this.dir, seq, state);
        this.removeJournalsBefore(next);
      })
      .catch((e: unknown) => {
        this.failure ??= new StoreUnavailableError(e); // the next append reports it
      })
      .finally(() => (this.snapshotting = null));
  }

  /** Removes the journal files older than file `name` (all of them: null). */
  private removeJournalsBefore(name: string | null): void {
    for (const f of journalFiles(readdirSync(this.dir))) if (name === null || f < name) unlinkSync(join(this.dir, f));
  }
}
