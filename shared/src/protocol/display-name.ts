// Display names, normalised once where they enter the system (the server's handshake and
// `session:setName`) so that every later use (lobby, game page, PGN tags) can trust them.
import { z } from 'zod';
import { SCHEMA_ERROR_CODES, type SchemaErrorCode } from './errors.js';
import { normalizeDisplayName } from './name-rules.js';
const BAD_NAME: SchemaErrorCode = 'bad-name';

/**
 * A display name: NFC, trimmed, runs of whitespace collapsed to one space; refused with an
 * issue carrying `params.code` `bad-name` when it holds control, bidi-control or invisible
 * format characters, lone surrogates or more than 3 combining marks in a row (text-rules.ts, as
 * chat lines), has not 1 to 24 visible characters, or passes for the computer player's name
 * (`impersonatesComputer`).
 */
export const displayNameSchema = z.string().transform((raw, ctx) => {
  const checked = normalizeDisplayName(raw);
  if (checked.ok) return checked.name;
  ctx.addIssue({ code: 'custom', message: checked.message, params: { code: BAD_NAME } });
  return z.NEVER;
});

/** The error code a schema failure asks for (an issue's `params.code`), else `bad-request`. */
export function schemaErrorCode(error: z.ZodError): SchemaErrorCode {
  for (const issue of error.issues) {
    const code: unknown = issue.code === 'custom' ? issue.params?.code : undefined;
    const asked = SCHEMA_ERROR_CODES.find((k) => k === code);
    if (asked) return asked;
  }
  return 'bad-request';
}
