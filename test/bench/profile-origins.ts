/**
 * Where a V8 CPU profile's time went, by origin: the project's own code (server/ and shared/),
 * npm packages, Node's own JavaScript, native code (builtins, system calls such as socket writes),
 * the garbage collector, V8 itself, the benchmark's harness (its floor server included), any other
 * script, and idle.
 * `npm run bench:profile-origins -- <BENCH_PROF dir>` prints it for each profile of a
 * `bench:server` run, and the bound it sets on goal 1 of issue 37: the game server's CPU per move
 * against the floor's if the project's own code cost nothing.
 */

export const ORIGINS = ['ours', 'npm', 'node', 'native', 'gc', 'v8', 'bench', 'other', 'idle'] as const;
export type Origin = (typeof ORIGINS)[number];

/** The part of a `.cpuprofile` this reads (Chrome DevTools' format, as `Profiler.stop` returns it). */
export interface CpuProfile {
  readonly nodes: readonly { readonly id: number; readonly callFrame: { readonly functionName: string; readonly url: string } }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The origin of one profile node, from its script's URL and its function's name. */
export function originOf(url: string, functionName: string): Origin {
  if (url === '') {
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(garbage collector)') return 'gc';
    if (functionName === '(program)' || functionName === '(root)') return 'v8';
    return 'native';
  }
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/node_modules/')) return 'npm';
  if (/\/(server|shared)\/(dist|src)\//.test(url)) return 'ours';
  if (/\/test\//.test(url)) return 'bench';
  return 'other';
}

/** Each origin's self time in the profile, in ms. */
export function timeByOrigin(profile: CpuProfile): Record<Origin, number> {
  const origin = new Map(profile.nodes.map((n) => [n.id, originOf(n.callFrame.url, n.callFrame.functionName)]));
  const out = Object.fromEntries(ORIGINS.map((o) => [o, 0])) as Record<Origin, number>;
  profile.samples.forEach((id, i) => {
    const o = origin.get(id);
    if (o !== undefined) out[o] += (profile.timeDeltas[i] ?? 0) / 1000;
  });
  return out;
}

/** Everything but idle. */
export const busyMs = (t: Record<Origin, number>): number => ORIGINS.reduce((sum, o) => (o === 'idle' ? sum : sum + t[o]), 0);

/**
 * The game server's busy time over the floor's (`ratio`), and the same with the project's own code
 * counted as nothing (`withoutOurs`): no work on the game's rules, documents or services can bring
 * the ratio below that.
 */
export function floorBound(app: Record<Origin, number>, floor: Record<Origin, number>): { ratio: number; withoutOurs: number } {
  const f = busyMs(floor);
  return { ratio: busyMs(app) / f, withoutOurs: (busyMs(app) - app.ours) / f };
}
