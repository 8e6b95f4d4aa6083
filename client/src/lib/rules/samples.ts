import { endTurn, newGame, parseSan, play, type GameState, type Move, type Outcome, type VariantId } from '@progressive-chess/shared';

/**
 * Sample series the rules pages play on small boards. Each is played by the shared rules (the
 * unit test checks every one is legal and ends as its caption says), so they cannot drift from them.
 */
/** Each sample's id: its title and caption are messages (sample_title, sample_caption) keyed by it. */
export type SampleId = 'series' | 'italian-mate' | 'english-cycle' | 'cost-turn' | 'cost-simple-turn' | 'fibonacci-turn' | 'escalation-mate' | 'logical-series' | 'take-all';

export interface RuleSample {
  readonly id: SampleId;
  readonly variant: VariantId;
  readonly title: string;
  readonly caption: string;
  readonly fen?: string;
  readonly turn?: number;
  /** SAN moves, and "pass" for a cost turn's rest passed. */
  readonly steps: readonly string[];
  /** How it ends: the game's outcome, or "series" (the last step ends its series, the game goes on). */
  readonly ends: Outcome | 'series';
  /** English: the step (1-based) after which a cycle is complete and the turn goes on. */
  readonly cycleAfter?: number;
}

export const RULE_SAMPLES: readonly RuleSample[] = [
  {
    id: 'series',
    variant: 'scottish',
    title: 'Growing series',
    caption: 'White plays 1 move, Black 2, White 3: 1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7# — checkmate with the last move of the series.',
    steps: ['e4', 'e5', 'Nf6', 'Bc4', 'Qh5', 'Qxf7#'],
    ends: { result: '1-0', reason: 'checkmate' },
  },
  {
    id: 'italian-mate',
    variant: 'italian',
    title: 'Progressive checkmate',
    caption:
      'Italian: after Ra8+ Black must escape with the first of 2 moves. The only escape, Ng8, uncovers the bishop’s check on e7 — and check is allowed only on the last move: a progressive checkmate.',
    fen: '7k/4K1pp/5n2/8/7b/8/8/R7 w - - 0 1',
    turn: 1,
    steps: ['Ra8+'],
    ends: { result: '1-0', reason: 'progressive-checkmate' },
  },
  {
    id: 'english-cycle',
    variant: 'english',
    title: 'A democratic cycle',
    caption:
      'English, a series of 5: the pawn, the rook and the king each move once (a3, Rb1, Kd2) before any moves again; then the cycle starts over (a4, Rb2).',
    fen: '4k3/8/8/8/8/8/P7/R3K3 w - - 0 1',
    turn: 5,
    steps: ['a3', 'Rb1', 'Kd2', 'a4', 'Rb2'],
    ends: 'series',
    cycleAfter: 3,
  },
  {
    id: 'cost-turn',
    variant: 'cost',
    title: 'A cost turn',
    caption: 'Cost: turn 3 grants 2 points; d4 costs 1 (a pawn) and White passes the last point. Turn 4 grants 2: exd4 (1), then a pass.',
    steps: ['e4', 'e5', 'd4', 'pass', 'exd4', 'pass'],
    ends: 'series',
  },
  {
    id: 'cost-simple-turn',
    variant: 'cost-simple',
    title: 'A cost turn',
    caption: 'Simple costs: turns 3 and 4 grant 2 points, a knight’s price (Nf3, Nc6); turn 5 grants 3: d3 (1), and 2 points passed.',
    steps: ['e4', 'e5', 'Nf3', 'Nc6', 'd3', 'pass'],
    ends: 'series',
  },
  {
    id: 'fibonacci-turn',
    variant: 'cost-fibonacci',
    title: 'Fibonacci points',
    caption: 'Fibonacci: turns grant 1, 1, 2, 3 points: e4; e5; d4 (1) and a pass; then Nc6 spends all 3.',
    steps: ['e4', 'e5', 'd4', 'pass', 'Nc6'],
    ends: 'series',
  },
  {
    id: 'escalation-mate',
    variant: 'escalation',
    title: 'Checks do not stop the attacker',
    caption: 'Escalation: the same series, but a check would not end it; Qxf7 is checkmate when Black’s turn starts.',
    steps: ['e4', 'e5', 'Nf6', 'Bc4', 'Qh5', 'Qxf7#'],
    ends: { result: '1-0', reason: 'checkmate' },
  },
  {
    id: 'logical-series',
    variant: 'logical',
    title: 'No double steps',
    caption: 'Logical: pawns move one square at a time (1.e3 opens the queen’s diagonal), and 2.a6 Nf6 does not stop 3.Bc4 Qh5 Qxf7#.',
    steps: ['e3', 'a6', 'Nf6', 'Bc4', 'Qh5', 'Qxf7#'],
    ends: { result: '1-0', reason: 'checkmate' },
  },
  {
    id: 'take-all',
    variant: 'take-all',
    title: 'Capture everything',
    caption: 'Take-All: no check, kings are ordinary pieces. Ra8 and Rxe8 take Black’s last piece, the king: White wins.',
    fen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1',
    turn: 3,
    steps: ['Ra8', 'Rxe8'],
    ends: { result: '1-0', reason: 'all-captured' },
  },
];

/** One position of a sample: the state, the move that led to it (SAN, "pass"), whether it ended a series or a cycle. */
export interface SampleFrame {
  readonly state: GameState;
  readonly step: string | null;
  /** The move played (null: the start or a pass). */
  readonly move: Move | null;
  readonly turnEnded: boolean;
  readonly cycleEnded: boolean;
}

/** The sample played by the rules, frame by frame (the first: the start); an error names the step refused. */
export function playSample(sample: RuleSample): { ok: true; frames: SampleFrame[] } | { ok: false; error: string } {
  const start = newGame(sample.variant, { ...(sample.fen ? { fen: sample.fen } : {}), ...(sample.turn ? { turn: sample.turn } : {}) });
  if (!start.ok) return { ok: false, error: start.error.message };
  const frames: SampleFrame[] = [{ state: start.value, step: null, move: null, turnEnded: false, cycleEnded: false }];
  let state = start.value;
  for (const step of sample.steps) {
    let res;
    let move: Move | null = null;
    if (step === 'pass') res = endTurn(state);
    else {
      const read = parseSan(state, step);
      if (!read.ok) return { ok: false, error: `${step}: ${read.error.message}` };
      move = read.value;
      res = play(state, move);
    }
    if (!res.ok) return { ok: false, error: `${step}: ${res.error.message}` };
    state = res.value.state;
    frames.push({ state, step, move, turnEnded: res.value.turnEnded, cycleEnded: res.value.cycleEnded });
  }
  return { ok: true, frames };
}

/** The samples a rules page shows: all (the general page) or a variant's. */
export const samplesFor = (variant: VariantId | null): RuleSample[] => RULE_SAMPLES.filter((s) => variant === null || s.variant === variant);
