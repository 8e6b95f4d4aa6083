/** What the browser remembers between visits: the display name and the identity token. */
const NAME_KEY = 'pcl.name';
const TOKEN_KEY = 'pcl.token';

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private mode or storage disabled: the session lives until the tab closes.
  }
}

export const savedName = (): string | null => read(NAME_KEY);
export const saveName = (name: string): void => write(NAME_KEY, name);
export const savedToken = (): string | null => read(TOKEN_KEY);
export const saveToken = (token: string): void => write(TOKEN_KEY, token);
function forget(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
export const forgetToken = (): void => forget(TOKEN_KEY);
/** A saved name the server refuses (`bad-name`, e.g. saved under older rules). */
export const forgetName = (): void => forget(NAME_KEY);

const BOARD_SCALE_KEY = 'pcl.boardScale';
/** The board size chosen with the resize handle (fraction of the size that fits, 0.5..1). */
export function savedBoardScale(): number {
  const v = Number(read(BOARD_SCALE_KEY));
  return Number.isFinite(v) && v >= 0.5 && v <= 1 ? v : 1;
}
export const saveBoardScale = (scale: number): void => write(BOARD_SCALE_KEY, String(scale));

const MUTE_KEY = 'pcl.muted';
/** The sound mute switch (a choice made while storage is disabled lasts for the page only). */
export const isMuted = (): boolean => read(MUTE_KEY) === '1';
export const setMuted = (muted: boolean): void => write(MUTE_KEY, muted ? '1' : '0');

const PUZZLES_KEY = 'pcl.puzzlesSolved';
const PUZZLES_ASSISTED_KEY = 'pcl.puzzlesAssisted';
function savedIds(key: string): string[] {
  try {
    const v = JSON.parse(read(key) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
/** Ids of the puzzles solved in this browser (without a hint). */
export const savedSolvedPuzzles = (): string[] => savedIds(PUZZLES_KEY);
/** Ids of the puzzles solved with a hint only (a clean solve later moves one to the solved). */
export const savedAssistedPuzzles = (): string[] => savedIds(PUZZLES_ASSISTED_KEY);
export const saveAssistedPuzzles = (ids: readonly string[]): void => write(PUZZLES_ASSISTED_KEY, JSON.stringify(ids));
export const saveSolvedPuzzles = (ids: readonly string[]): void => write(PUZZLES_KEY, JSON.stringify(ids));

const MINED_SEEN_KEY = 'pcl.minedPuzzlesSeen';
/** Ids of the puzzles from games played in this browser, newest last (a guest's next puzzle skips them). */
export const savedSeenMinedPuzzles = (): string[] => savedIds(MINED_SEEN_KEY);
export const saveSeenMinedPuzzles = (ids: readonly string[]): void => write(MINED_SEEN_KEY, JSON.stringify(ids));
