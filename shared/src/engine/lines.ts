/**
 * Splits a stream of text chunks into lines (NDJSON streams, engine output): `push` returns the
 * lines the chunk completed, without their `\n` (a `\r` before it is dropped too).
 */
export function lineSplitter(): { push(chunk: string): string[] } {
  let rest = '';
  return {
    push(chunk) {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      return parts.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    },
  };
}
