/** The computer player's levels (search budget and care grow with the level): the one list. */
export const BOT_LEVELS = [1, 2, 3] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
