import { z } from 'zod';
import { impersonatesComputer } from './name-rules.js';

/** The rules of account usernames (a leaf module: the seek schemas name an opponent with them too). */

const USERNAME_CHARS = /^[A-Za-z0-9_-]+$/;
const USERNAME_CHARS_MESSAGE = 'letters, digits, _ and - only';

/** 3-20 letters, digits, `_` or `-`; unique without regard to case; not the computer player's name. */
export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(20)
  .regex(USERNAME_CHARS, USERNAME_CHARS_MESSAGE)
  .refine((name) => !impersonatesComputer(name), "that name is the computer player's");
/** A name as typed to log in, look a player up or challenge one: the username's characters (no account has others; NUL would not even reach the database). */
export const playerNameSchema = z.string().trim().min(1).max(20).regex(USERNAME_CHARS, USERNAME_CHARS_MESSAGE);
