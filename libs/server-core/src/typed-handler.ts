import { ArgumentMetadata, PipeTransform, Type } from '@nestjs/common';
import { MetadataScanner, type ModulesContainer } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { ListPage, RpcPattern, RpcRequest, RpcResponse } from '@quotebook/contracts';
import type { JsonItemsPage } from './list-page';
import type { RouteController, RouteHandler } from './route-metadata';
import { createRpcValidationPipe } from './rpc-validation.pipe';
import { isThenable } from './thenable';

/** A response as it may leave its handler: a list page may hold its items as JSON text already. */
export type RpcAnswer<R> = R | (R extends ListPage<infer T> ? JsonItemsPage<T> : never);

/** What a handler of pattern P is: the pattern's whole request in, a promise of its response out. */
export type RpcHandler<P> = (request: RpcRequest<P>) => Promise<RpcAnswer<RpcResponse<P>>>;

type DtoClass<T> = new (...args: never[]) => T;

/**
 * The DTO classes that validate and transform a request before its handler sees it: one class for the
 * whole request, or one per part (`{ data: VatRateDto }`); the other parts arrive as they were sent.
 */
export type RequestClasses<P> = DtoClass<RpcRequest<P>> | { [Part in keyof RpcRequest<P>]?: DtoClass<RpcRequest<P>[Part]> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Runs the services' validation pipe on the request, or on each of its parts that has a class. */
class RequestValidationPipe implements PipeTransform {
  private readonly validation = createRpcValidationPipe();

  constructor(private readonly classes: RequestClasses<unknown> | undefined) {}

  /** Whether there is anything to validate: a request without classes is passed on as it came. */
  get validates(): boolean {
    return this.classes !== undefined;
  }

  async transform(request: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { classes } = this;
    if (!classes) return request;
    if (typeof classes === 'function') {
      return this.validation.transform(request, { ...metadata, metatype: classes as Type<unknown> });
    }
    const parts = isRecord(request) ? request : {};
    const validated: Record<string, unknown> = { ...parts };
    for (const [part, metatype] of Object.entries(classes as Record<string, DtoClass<unknown>>)) {
      validated[part] = await this.validation.transform(parts[part], { ...metadata, metatype, data: part });
    }
    return validated;
  }
}

/**
 * Declares a method as the handler of an RPC pattern. The method receives the whole request and must
 * have the type `RpcHandler<P>`, so a pattern whose request or response type changes fails the build
 * of its handler: `@Handles(VAT_RATES_UPDATE, { data: VatRateDto }) update({ tenantId, id, data }: …)`.
 */
export function Handles<P extends RpcPattern<never, unknown>>(pattern: P, classes?: RequestClasses<P>) {
  const validation = new RequestValidationPipe(classes as RequestClasses<unknown> | undefined);
  // the descriptor's value is the method: the compiler checks that it is an RpcHandler<P>
  return (target: object, method: string | symbol, descriptor: { value?: RpcHandler<P> }): void => {
    MessagePattern(pattern.subject)(target, method, descriptor as PropertyDescriptor);
    Payload(validation)(target, method, 0);
    if (descriptor.value) Reflect.defineMetadata(HANDLES, { subject: pattern.subject, validation } satisfies Declaration, descriptor.value);
  };
}

/** Where Handles keeps, on the method, what it declared. */
const HANDLES = Symbol('handles');

interface Declaration {
  subject: string;
  validation: RequestValidationPipe;
}

/** A handler called without Nest's pipeline: the request in, its response (or its failure) out. */
export type DirectHandler = (request: unknown) => Promise<unknown>;

/** What every request meets before its handler, as createServiceApp installs it for Nest's pipeline too. */
export interface DirectHandlerChecks {
  /**
   * the session check for one handler of one controller (the guard's, with that handler's metadata):
   * undefined when it passed at once, a promise when it has to ask
   */
  guardFor?: (handler: RouteHandler, controller: RouteController) => (request: unknown) => Promise<void> | undefined;
  /** the global pipe, run before the handler's own validation */
  pipe: PipeTransform;
}

/** What Nest's pipeline hands a message handler's pipes (the `@Payload()` argument). */
const PAYLOAD: Omit<ArgumentMetadata, 'metatype'> = { type: 'body', data: undefined };

/**
 * Every handler declared with Handles in the application's controllers, by subject, each doing what
 * Nest's pipeline does for it, in the same order (the session check, the global pipe, the handler's
 * own validation, the method), without the pipeline's per-message execution context, observables and
 * ticks: on a small read that is most of a service's own time. A subject declared by more than one
 * controller, and a controller that is not a singleton, are left to Nest.
 */
export function directHandlersOf(modules: ModulesContainer, checks: DirectHandlerChecks): Map<string, DirectHandler> {
  const found = new Map<string, DirectHandler | null>();
  const scanner = new MetadataScanner();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const method = prototype[name] as (request: unknown) => Promise<unknown>;
        const declaration = Reflect.getMetadata(HANDLES, method) as Declaration | undefined;
        if (!declaration) continue;
        const paramTypes = Reflect.getMetadata('design:paramtypes', prototype, name) as Type<unknown>[] | undefined;
        const metadata: ArgumentMetadata = { ...PAYLOAD, metatype: paramTypes?.[0] };
        const guard = checks.guardFor?.(method, metatype as RouteController);
        const { validation } = declaration;
        const afterGuard = async (request: unknown, checking: Promise<void>) => {
          await checking;
          return afterPipe(await checks.pipe.transform(request, metadata));
        };
        // a handler without classes is not made to wait a turn for a validation that has nothing to do
        const afterPipe = async (piped: unknown) => method.call(instance, validation.validates ? await validation.transform(piped, metadata) : piped);
        // what is known at once is not made to wait a turn either: a session found valid a moment ago, a pipe that answered at once
        const handler: DirectHandler = (request) => {
          try {
            const checking = guard?.(request);
            if (checking) return afterGuard(request, checking);
            const piped: unknown = checks.pipe.transform(request, metadata);
            if (isThenable(piped)) return Promise.resolve(piped).then(afterPipe);
            // the method's own promise (every RpcHandler answers one)
            return validation.validates ? afterPipe(piped) : method.call(instance, piped);
          } catch (failure) {
            return Promise.reject(failure);
          }
        };
        found.set(declaration.subject, found.has(declaration.subject) ? null : handler);
      }
    }
  }
  return new Map([...found].filter((entry): entry is [string, DirectHandler] => entry[1] !== null));
}
