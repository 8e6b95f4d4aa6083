/**
 * The node layouts of the server benchmark (BENCH_NODES): `4` is four nodes that the load's games
 * are spread over; `2+2` is four nodes of which the load reaches only the first two, the other two
 * (bystanders) in the cluster with no connection of any game. A node receives only the broadcasts
 * of rooms it has members in, so the bystanders should cost next to nothing per move: `2+2`
 * against `2` measures what adding nodes costs the cluster per move when the load does not spread
 * over them (on a two-core machine, spreading the same load over four processes costs the floor as
 * much as the game server: node-scaling.ts prints both).
 */
export interface NodeLayout {
  /** Nodes in all. */
  readonly nodes: number;
  /** Of them, nodes without any connection of the load (the last ones). */
  readonly bystanders: number;
}

const LAYOUT = /^(\d+)(?:\+(\d+))?$/;

/**
 * `1,2,4,2+2` → the layouts. Anything else is an error, not a silent default (as `--games`): a
 * figure measured on other layouts than asked would be quoted wrongly.
 */
export function parseNodeLayouts(text: string): NodeLayout[] {
  const layouts: NodeLayout[] = [];
  for (const entry of text.split(',')) {
    const m = LAYOUT.exec(entry.trim());
    const loaded = Number(m?.[1]);
    const bystanders = Number(m?.[2] ?? 0);
    if (!m || loaded < 1) throw new Error(`BENCH_NODES takes node counts above 0, each with bystanders after a + (1,2,4,2+2); got "${text}"`);
    layouts.push({ nodes: loaded + bystanders, bystanders });
  }
  return layouts;
}

/** "1 node", "4 nodes", "4 nodes (2 without players)". */
export function layoutName(l: NodeLayout): string {
  const base = `${l.nodes} node${l.nodes > 1 ? 's' : ''}`;
  return l.bystanders > 0 ? `${base} (${l.bystanders} without players)` : base;
}
