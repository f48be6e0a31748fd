/**
 * An answer that is JSON text already (the items of list pages as the services wrote them): the
 * HTTP adapter sends it as it is, as application/json, instead of serializing it. `T` is what the
 * text holds, so a route still declares what it answers.
 */
export class JsonText<T> {
  /** never set: ties the text to the type it holds */
  declare readonly holds?: T;

  constructor(readonly text: string) {}
}
