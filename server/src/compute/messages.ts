/** What the pool and its workers send each other (structured clone). */
export interface TaskRequest {
  readonly id: number;
  readonly kind: string;
  readonly input: unknown;
}

export type TaskReply =
  | { readonly id: number; readonly ok: true; readonly output: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string };
