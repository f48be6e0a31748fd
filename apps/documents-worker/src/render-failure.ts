import type { DocumentJobFailure } from '@quotebook/contracts';

/**
 * A render that failed for a reason another attempt would not change (the converter failed on this
 * document, it is too large for it, or nobody waits for it any more): its job fails for good, naming
 * the reason, so the caller is told what happened instead of waiting for retries.
 */
export class RenderFailure extends Error {
  constructor(
    readonly failure: DocumentJobFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
