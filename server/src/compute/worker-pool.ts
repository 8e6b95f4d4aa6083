import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { TaskReply, TaskRequest } from './messages.js';
import type { WorkerSetup } from './serve.js';
import type { ThreadPriority } from './thread-priority.js';
import { abortedError, closedError, ComputeError, counters, type ComputePool, type ComputeStats, type RunOptions } from './pool.js';
import type { InputOf, KindOf, OutputOf, TaskMap, Tasks } from './tasks.js';

export interface WorkerPoolOptions {
  /** Worker threads (started on demand). Default `defaultWorkerCount()`. */
  readonly size?: number;
  /** Tasks that may wait for a worker; past that `run` rejects with `busy`. Default 64. */
  readonly maxQueue?: number;
  /** Heap limits per worker: a worker past them dies (`crashed`) and is replaced. */
  readonly resourceLimits?: ResourceLimits;
  /** The worker script (default: `worker.ts`/`worker.js` beside this module); tests pass fixtures. */
  readonly entry?: URL;
  /**
   * How far the worker threads lower their CPU priority (thread-priority.ts). Default nice 19 and
   * SCHED_IDLE: a search never delays the event loop's moves, it takes the CPU they leave, and it
   * is preempted the moment the event loop wakes. null: the process's priority.
   */
  readonly priority?: ThreadPriority | null;
  /**
   * How long a cancelled task may take to notice (task-clock.ts) before its worker is terminated.
   * Default 3000 ms: a bot search stops within some 100-600 ms on a busy machine (its mate searches
   * look at the clock every 64 nodes, its series search at every step).
   */
  readonly cancelGraceMs?: number;
}

/** The worker threads' default priority: the lowest there is. */
const LOWEST: ThreadPriority = { nice: 19, idle: true };

/** Tasks that may wait for a worker, by default. */
export const DEFAULT_MAX_QUEUE = 64;

/** One core is left to the event loop. */
export const defaultWorkerCount = (): number => Math.max(1, availableParallelism() - 1);

/**
 * Under vitest/tsx this module is TypeScript and so is its worker: the thread then registers tsx's
 * loader before importing the entry (Node 20 does not apply `--import` hooks to worker threads).
 * tsx is resolved from here, whatever the working directory. From server/dist it is plain JavaScript.
 */
function startWorker(entry: URL, resourceLimits: ResourceLimits | undefined, workerData: WorkerSetup): Worker {
  // The parent's flags (e.g. --input-type, a test runner's) are not the worker's.
  const limits = { execArgv: [], workerData, ...(resourceLimits ? { resourceLimits } : {}) };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, limits);
  const code = `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(code, { eval: true, ...limits });
}

/** The ESM entry of `tsx/esm/api`, as its package exports it. */
function tsxApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest)).href;
}

const defaultEntry = (): URL => new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);

interface Job {
  readonly id: number;
  readonly kind: string;
  readonly input: unknown;
  readonly resolve: (output: unknown) => void;
  readonly reject: (e: ComputeError) => void;
  readonly detach: () => void;
}

interface Slot {
  worker: Worker;
  /** The worker's cancel flag (task-clock.ts), set when its running task is cancelled. */
  cancel: Int32Array;
  job: Job | null;
  /** Set while a cancelled task winds down: the slot takes no task until its worker answers (or is replaced). */
  stopping: ReturnType<typeof setTimeout> | null;
}

class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly count = counters();
  private readonly size: number;
  private readonly maxQueue: number;
  private readonly entry: URL;
  private readonly cancelGraceMs: number;
  private nextId = 1;
  /** Threads started and not yet exited (a replaced worker counts until it has stopped). */
  private threads = 0;
  private closed = false;

  constructor(private readonly opts: WorkerPoolOptions) {
    this.size = Math.max(1, opts.size ?? defaultWorkerCount());
    this.maxQueue = Math.max(0, opts.maxQueue ?? DEFAULT_MAX_QUEUE);
    this.entry = opts.entry ?? defaultEntry();
    this.cancelGraceMs = opts.cancelGraceMs ?? 3000;
  }

  run(kind: string, input: unknown, opts: RunOptions = {}): Promise<unknown> {
    if (this.closed) return Promise.reject(closedError());
    const { signal } = opts;
    if (signal?.aborted) {
      this.count.cancelled++;
      return Promise.reject(abortedError());
    }
    const idle = this.slots.some((s) => s.job === null) || this.slots.length < this.size;
    if (!idle && this.queue.length >= this.maxQueue) {
      this.count.refused++;
      return Promise.reject(new ComputeError('busy', 'the computer is busy; try again shortly'));
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => this.cancel(job);
      const job: Job = {
        id: this.nextId++,
        kind,
        input,
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  stats(): ComputeStats {
    return {
      workers: this.slots.length,
      threads: this.threads,
      busy: this.slots.filter((s) => s.job !== null).length,
      queued: this.queue.length,
      maxQueue: this.maxQueue,
      ...this.count,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.finish(job, closedError());
    const workers = this.slots.splice(0).map((slot) => {
      if (slot.job && slot.stopping === null) this.finish(slot.job, closedError());
      this.settle(slot);
      return slot.worker;
    });
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** Hands waiting tasks to idle workers, starting workers up to `size`. */
  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.job === null) ?? this.grow();
      if (slot === null) return;
      const job = this.queue.shift()!;
      slot.job = job;
      Atomics.store(slot.cancel, 0, 0);
      const req: TaskRequest = { id: job.id, kind: job.kind, input: job.input };
      try {
        slot.worker.postMessage(req);
      } catch (e) {
        slot.job = null;
        this.count.failed++;
        this.finish(job, new ComputeError('failed', e instanceof Error ? e.message : String(e)));
      }
    }
  }

  private grow(): Slot | null {
    if (this.slots.length >= this.size) return null;
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    const slot: Slot = { worker: this.spawn(cancel), cancel, job: null, stopping: null };
    this.slots.push(slot);
    return slot;
  }

  /** The slot a worker serves; undefined once it was replaced (or the pool closed). */
  private slotOf(worker: Worker): Slot | undefined {
    return this.slots.find((s) => s.worker === worker);
  }

  private spawn(cancel: Int32Array): Worker {
    const priority = this.opts.priority === undefined ? LOWEST : this.opts.priority;
    const worker = startWorker(this.entry, this.opts.resourceLimits, {
      cancel: cancel.buffer as SharedArrayBuffer,
      ...(priority ? { priority } : {}),
    });
    this.threads++;
    worker.once('exit', () => this.threads--);
    worker.on('message', (reply: TaskReply) => {
      const slot = this.slotOf(worker);
      const job = slot?.job;
      if (slot === undefined || job == null || job.id !== reply.id) return;
      const cancelled = slot.stopping !== null;
      this.settle(slot);
      if (cancelled) {
        // The cancelled task noticed and returned: its answer is dropped, the same thread goes on.
      } else if (reply.ok) {
        this.count.completed++;
        job.detach();
        job.resolve(reply.output);
      } else {
        this.count.failed++;
        this.finish(job, new ComputeError('failed', reply.message));
      }
      this.pump();
    });
    const died = (why: string): void => {
      const slot = this.slotOf(worker);
      if (slot === undefined || this.closed) return;
      const job = slot.stopping === null ? slot.job : null;
      this.settle(slot);
      if (job) {
        this.count.crashed++;
        this.finish(job, new ComputeError('crashed', `the compute worker died: ${why}`));
      }
      this.replace(slot);
    };
    worker.on('error', (e: Error) => died(e.message));
    worker.on('exit', (code: number) => died(`exit code ${code}`));
    return worker;
  }

  /** A fresh worker in the slot; the old one (if alive) is terminated. */
  private replace(slot: Slot): void {
    const old = slot.worker;
    this.settle(slot);
    slot.cancel = new Int32Array(new SharedArrayBuffer(4));
    slot.worker = this.spawn(slot.cancel);
    void old.terminate();
    this.pump();
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = this.slots.find((s) => s.job === job);
    if (queued < 0 && slot === undefined) return;
    this.count.cancelled++;
    this.finish(job, abortedError());
    if (slot) {
      // The search stops at its next look at the task clock; one that does not look (or is stuck)
      // has its worker terminated and replaced after the grace period.
      Atomics.store(slot.cancel, 0, 1);
      slot.stopping = setTimeout(() => {
        if (slot.job === job && this.slots.includes(slot)) this.replace(slot);
      }, this.cancelGraceMs);
    }
  }

  /** The slot is free again (its task answered, died or was given up). */
  private settle(slot: Slot): void {
    if (slot.stopping !== null) clearTimeout(slot.stopping);
    slot.stopping = null;
    slot.job = null;
  }

  private finish(job: Job, e: ComputeError): void {
    job.detach();
    job.reject(e);
  }
}

/** The production pool: `size` worker threads, a bounded queue, cancellation by terminating the worker. */
export function createWorkerPool<T extends TaskMap = Tasks>(opts: WorkerPoolOptions = {}): ComputePool<T> {
  const pool = new WorkerPool(opts);
  return {
    run: <K extends KindOf<T>>(kind: K, input: InputOf<T, K>, o?: RunOptions) =>
      pool.run(kind, input, o) as Promise<OutputOf<T, K>>,
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}
