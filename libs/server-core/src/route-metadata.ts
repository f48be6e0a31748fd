import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/** A route's or a message handler's method, as Nest names it. */
export type RouteHandler = ReturnType<ExecutionContext['getHandler']>;
/** Its controller. */
export type RouteController = ReturnType<ExecutionContext['getClass']>;

/**
 * What a route's or a message handler's decorators say, read once per handler: its handler's, else its
 * controller's, as Reflector.getAllAndOverride reads it, then kept (a route's metadata never changes
 * once the application runs).
 */
export class RouteMetadata<T> {
  private readonly known = new WeakMap<object, WeakMap<object, { value: T | undefined }>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly key: string | symbol,
  ) {}

  of(context: ExecutionContext): T | undefined {
    return this.ofHandler(context.getHandler(), context.getClass());
  }

  /** The metadata of `handler`, a method of `controller`. */
  ofHandler(handler: RouteHandler, controller: RouteController): T | undefined {
    let handlers = this.known.get(controller);
    if (!handlers) this.known.set(controller, (handlers = new WeakMap()));
    let entry = handlers.get(handler);
    if (!entry) handlers.set(handler, (entry = { value: this.reflector.getAllAndOverride<T | undefined>(this.key, [handler, controller]) }));
    return entry.value;
  }
}
