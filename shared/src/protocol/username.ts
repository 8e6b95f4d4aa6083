import { z } from 'zod';
import { USERNAME_CHARS, USERNAME_CHARS_TEXT, USERNAME_MAX, USERNAME_MIN } from './account-rules.js';
import { impersonatesComputer } from './name-rules.js';

/** The rules of account usernames (a leaf module: the seek schemas name an opponent with them too). */

const USERNAME_CHARS_MESSAGE = `${USERNAME_CHARS_TEXT} only`;

/** 3-20 letters, digits, `_` or `-`; unique without regard to case; not the computer player's name. */
export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(USERNAME_CHARS, USERNAME_CHARS_MESSAGE)
  .refine((name) => !impersonatesComputer(name), "that name is the computer player's");
/** A name as typed to log in, look a player up or challenge one: the username's characters (no account has others; NUL would not even reach the database). */
export const playerNameSchema = z.string().trim().min(1).max(USERNAME_MAX).regex(USERNAME_CHARS, USERNAME_CHARS_MESSAGE);
