/** Whether a value that may be a promise (a guard's or a pipe's answer) is one to wait for. */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null | undefined)?.then === 'function';
