
/**
 * How long the gateway waits for a PDF or Word document: the documents service's own render limit, and
 * the time its questions to other services may take before the render starts.
 */
export class DocumentWaits {
  renderMs: number;
}

/** The media types of what the document routes answer, for the API document. */
export const BINARY = { schema: { type: 'string', format: 'binary' } } as const;

