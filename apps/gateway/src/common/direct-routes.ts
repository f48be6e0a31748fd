import {
  type ArgumentMetadata,
  type CallHandler,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
  ForbiddenException,
  type PipeTransform,
  RequestMethod,
  StreamableFile,
  type Type,
} from '@nestjs/common';
import {
  CUSTOM_ROUTE_ARGS_METADATA,
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  HEADERS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PIPES_METADATA,
  REDIRECT_METADATA,
  RENDER_METADATA,
  RESPONSE_PASSTHROUGH_METADATA,
  ROUTE_ARGS_METADATA,
  SSE_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { MetadataScanner, type ModulesContainer } from '@nestjs/core';
import { FORBIDDEN_MESSAGE } from '@nestjs/core/guards';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { Module } from '@nestjs/core/injector/module';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { concatMap, isObservable, lastValueFrom, type Observable } from 'rxjs';
import { isThenable } from '@quotebook/server-core';

/**
 * The API's routes served by Fastify without Nest's per-request router: each route's handler does what
 * Nest's router does for it, in the same order and with the same objects (the global guards, the
 * route's parameters through the global pipes and their own, the method, the answer through the HTTP
 * adapter, a failure through the global filter), with one execution context per request and none of
 * the router's per-request promises, interceptor chain and observables. A route that uses anything this
 * does not do (a guard, pipe or filter of its own, an interceptor that is not an AnswerTransform, a
 * custom header, a redirect, an undeclared kind of parameter, @Res() without passthrough) is left to
 * Nest, which still declares every route (the OpenAPI document, the route table): see
 * GatewayHttpAdapter.
 */

/**
 * An interceptor that only changes a route's answer once its method has answered: it sees neither the
 * call before the method nor a failure. The direct handlers apply it as Nest's router would (the
 * innermost first), so its routes are served directly too. Its intercept() must do the same for Nest's
 * router: `return answersThrough(this, context, next)`.
 */
export interface AnswerTransform {
  transformAnswer(context: ExecutionContext, answer: unknown): unknown;
}

const isAnswerTransform = (interceptor: unknown): interceptor is AnswerTransform =>
  typeof interceptor === 'object' && interceptor !== null && typeof (interceptor as AnswerTransform).transformAnswer === 'function';

/** What an AnswerTransform's intercept() answers: each answer of the route, transformed (awaited when it is a promise). */
export function answersThrough(transform: AnswerTransform, context: ExecutionContext, next: CallHandler): Observable<unknown> {
  return next.handle().pipe(concatMap(async (answer: unknown) => transform.transformAnswer(context, answer)));
}

/** What Nest's router applies to every route: the application's global guards (in order), pipes and filter. */
export interface DirectRouteChecks {
  guards: readonly CanActivate[];
  pipes: readonly PipeTransform[];
  filter: ExceptionFilter;
  /** answers a route's result as Nest's router does (the HTTP adapter's reply) */
  reply(response: FastifyReply, body: unknown): unknown;
}

/** A route's direct handler, and the controller method it serves. */
export interface DirectRoute {
  method: object;
  handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
}

/** The direct handlers of one application, by the controller method each serves. */
export type DirectRoutes = ReadonlyMap<object, DirectRoute>;

/**
 * Where a route's method names itself: Nest copies a method's metadata onto the handler it registers
 * for it, so the handler leads back to the method, and the method to its direct handler in the
 * application's DirectRoutes. The same for every application made in one process.
 */
const ROUTE_METHOD = Symbol('routeMethod');

/** The direct handler of a handler Nest registers, if its route has one in `routes`. */
export function directRouteOf(handler: unknown, routes: DirectRoutes): DirectRoute | undefined {
  if (typeof handler !== 'function') return undefined;
  const method = Reflect.getMetadata(ROUTE_METHOD, handler) as object | undefined;
  return method === undefined ? undefined : routes.get(method);
}

/** What a route parameter is: where its value comes from, and whether the pipes see it. */
interface Parameter {
  index: number;
  extract(request: FastifyRequest, reply: FastifyReply, context: ExecutionContextHost): unknown;
  /** the pipes that transform it (global first, then its own), with the metadata they are given; none when it is not piped */
  pipes: readonly PipeTransform[];
  metadata: ArgumentMetadata;
}

type ArgumentMetadataEntry = {
  index: number;
  data?: string;
  pipes?: unknown[];
  factory?: (data: unknown, context: ExecutionContextHost) => unknown;
};

const METHODS_SERVED = new Set([RequestMethod.GET, RequestMethod.POST, RequestMethod.PUT, RequestMethod.DELETE, RequestMethod.PATCH]);

const isPipe = (pipe: unknown): pipe is PipeTransform => typeof pipe === 'object' && pipe !== null && typeof (pipe as PipeTransform).transform === 'function';

/**
 * A pipe that can tell, from a parameter's metadata alone, that its transform() answers the value as it
 * came (MessagesValidationPipe for a custom decorator's value): a direct route leaves it out for that
 * parameter, as it would change nothing there.
 */
interface LeavesAsIs {
  leavesAsIs(metadata: ArgumentMetadata): boolean;
}

/** The pipes that may change a parameter with this metadata: `pipes` but those that say they leave it as it is. */
function pipesFor(pipes: readonly PipeTransform[], metadata: ArgumentMetadata): PipeTransform[] {
  return pipes.filter((pipe) => {
    const { leavesAsIs } = pipe as Partial<LeavesAsIs>;
    return typeof leavesAsIs !== 'function' || !leavesAsIs.call(pipe, metadata);
  });
}

/** A route parameter's value as Nest's RouteParamsFactory reads it, for the kinds served here; undefined for any other kind. */
function extractorOf(type: RouteParamtypes, data: unknown, passthrough: boolean): Parameter['extract'] | undefined {
  const key = typeof data === 'string' && data !== '' ? data : undefined;
  switch (type) {
    case RouteParamtypes.REQUEST:
      return (request) => request;
    case RouteParamtypes.RESPONSE:
      // only @Res({ passthrough: true }): the route's result is still answered here
      return passthrough ? (_request, reply) => reply : undefined;
    case RouteParamtypes.BODY:
      // a part of the body is read by Nest with rules of its own: not served here
      return key === undefined ? (request) => request.body : undefined;
    case RouteParamtypes.QUERY:
      return key === undefined ? (request) => request.query : (request) => (request.query as Record<string, unknown>)[key];
    case RouteParamtypes.PARAM:
      return key === undefined ? (request) => request.params : (request) => (request.params as Record<string, unknown>)[key];
    case RouteParamtypes.HEADERS:
      return key === undefined ? (request) => request.headers : (request) => request.headers[key.toLowerCase()];
    case RouteParamtypes.IP:
      return (request) => request.ip;
    default:
      return undefined;
  }
}

const PIPED: Partial<Record<RouteParamtypes, Parameter['metadata']['type']>> = {
  [RouteParamtypes.BODY]: 'body',
  [RouteParamtypes.QUERY]: 'query',
  [RouteParamtypes.PARAM]: 'param',
};

/** The parameters of a route's method as Nest would resolve them; undefined when one is of a kind not served here. */
function parametersOf(controller: Type<unknown>, name: string, globalPipes: readonly PipeTransform[]): Parameter[] | undefined {
  const declared = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, ArgumentMetadataEntry>;
  const paramtypes = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []) as (Type<unknown> | undefined)[];
  const parameters: Parameter[] = [];
  for (const [key, entry] of Object.entries(declared)) {
    const ownPipes = entry.pipes ?? [];
    // a pipe given as a class is made by Nest's injector: such a route stays with Nest
    if (!ownPipes.every(isPipe)) return undefined;
    const metatype = paramtypes[entry.index];
    if (key.includes(CUSTOM_ROUTE_ARGS_METADATA)) {
      const { factory, data } = entry;
      if (typeof factory !== 'function') return undefined;
      const metadata: ArgumentMetadata = { type: 'custom', data, metatype };
      parameters.push({
        index: entry.index,
        extract: (_request, _reply, context) => factory(data, context),
        pipes: pipesFor([...globalPipes, ...ownPipes], metadata),
        metadata,
      });
      continue;
    }
    const type = Number(key.split(':')[0]) as RouteParamtypes;
    const extract = extractorOf(type, entry.data, Reflect.getMetadata(RESPONSE_PASSTHROUGH_METADATA, controller, name) === true);
    if (!extract) return undefined;
    const piped = PIPED[type];
    const metadata: ArgumentMetadata = { type: piped ?? 'custom', data: entry.data, metatype };
    parameters.push({
      index: entry.index,
      extract,
      pipes: piped ? pipesFor([...globalPipes, ...ownPipes], metadata) : [],
      metadata,
    });
  }
  return parameters;
}

/**
 * Whether the controller or the method carries an enhancer, a header or an answer style that Nest's
 * router applies (interceptors are answerTransformsOf's to judge).
 */
function hasOwnEnhancers(controller: Type<unknown>, method: object): boolean {
  const enhancers = [GUARDS_METADATA, PIPES_METADATA, EXCEPTION_FILTERS_METADATA];
  if (enhancers.some((key) => (Reflect.getMetadata(key, controller) as unknown[] | undefined)?.length)) return true;
  if (enhancers.some((key) => (Reflect.getMetadata(key, method) as unknown[] | undefined)?.length)) return true;
  if ((Reflect.getMetadata(HEADERS_METADATA, method) as unknown[] | undefined)?.length) return true;
  return [REDIRECT_METADATA, RENDER_METADATA, SSE_METADATA].some((key) => Reflect.getMetadata(key, method) !== undefined);
}

/**
 * The route's interceptors (the controller's, then the method's, as Nest orders them), in the order
 * their transforms apply to an answer: the innermost first. Undefined when one is not an
 * AnswerTransform, or is a class that Nest's injector did not make once for the application (its
 * instance is what Nest's router uses too).
 */
function answerTransformsOf(controller: Type<unknown>, method: object, module: Module): AnswerTransform[] | undefined {
  const declared = [
    ...((Reflect.getMetadata(INTERCEPTORS_METADATA, controller) as unknown[] | undefined) ?? []),
    ...((Reflect.getMetadata(INTERCEPTORS_METADATA, method) as unknown[] | undefined) ?? []),
  ];
  const transforms: AnswerTransform[] = [];
  for (const interceptor of declared) {
    let instance: unknown = interceptor;
    if (typeof interceptor === 'function') {
      const wrapper = module.injectables.get(interceptor as Type<unknown>);
      if (!wrapper || !wrapper.isDependencyTreeStatic()) return undefined;
      instance = wrapper.instance;
    }
    if (!isAnswerTransform(instance)) return undefined;
    transforms.push(instance);
  }
  return transforms.reverse();
}

const isPromise = (value: unknown): value is Promise<unknown> => value instanceof Promise;

/**
 * A parameter's value through its pipes, each after the one before, as Nest awaits each pipe's answer:
 * at once while they answer at once, a promise from the first that answers with a promise (or any
 * thenable). A value no pipe sees is taken as it is, never awaited: Fastify's reply is a thenable that
 * settles only once it has been sent.
 */
function piped(parameter: Parameter, value: unknown, from = 0): unknown {
  let result = value;
  for (let at = from; at < parameter.pipes.length; at += 1) {
    result = parameter.pipes[at].transform(result, parameter.metadata);
    if (isThenable(result)) return Promise.resolve(result).then((answer) => piped(parameter, answer, at + 1));
  }
  return result;
}

/** The direct handler of one route: the method `name` of `instance`; undefined when the route is left to Nest. */
function directRoute(instance: object, controller: Type<unknown>, name: string, module: Module, checks: DirectRouteChecks): DirectRoute['handle'] | undefined {
  const method = (controller.prototype as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
  const requestMethod = Reflect.getMetadata(METHOD_METADATA, method) as RequestMethod | undefined;
  if (requestMethod === undefined || !METHODS_SERVED.has(requestMethod) || hasOwnEnhancers(controller, method)) return undefined;
  const transforms = answerTransformsOf(controller, method, module);
  if (!transforms) return undefined;
  const parameters = parametersOf(controller, name, checks.pipes);
  if (!parameters) return undefined;
  const statusCode = (Reflect.getMetadata(HTTP_CODE_METADATA, method) as number | undefined) ?? (requestMethod === RequestMethod.POST ? 201 : 200);
  const argumentCount = parameters.reduce((count, parameter) => Math.max(count, parameter.index + 1), 0);
  const { guards, filter } = checks;
  return async (request, reply) => {
    const context = new ExecutionContextHost([request, reply, undefined], controller, method);
    context.setType('http');
    try {
      for (const guard of guards) {
        const verdict = guard.canActivate(context);
        const allowed = typeof verdict === 'boolean' ? verdict : await (isObservable(verdict) ? lastValueFrom(verdict) : verdict);
        if (!allowed) throw new ForbiddenException(FORBIDDEN_MESSAGE);
      }
      reply.code(statusCode);
      // as Nest resolves them: every parameter at once, the first failure answered
      const args = new Array<unknown>(argumentCount);
      const pending: Promise<void>[] = [];
      for (const parameter of parameters) {
        const value = parameter.extract(request, reply, context);
        if (parameter.pipes.length === 0) {
          args[parameter.index] = value;
          continue;
        }
        const result = piped(parameter, value);
        if (isPromise(result)) pending.push(result.then((answer) => void (args[parameter.index] = answer)));
        else args[parameter.index] = result;
      }
      if (pending.length === 1) await pending[0];
      else if (pending.length > 1) await Promise.all(pending);
      const returned: unknown = await method.apply(instance, args);
      let result = isObservable(returned) ? await lastValueFrom(returned) : returned;
      for (const transform of transforms) result = await transform.transformAnswer(context, result);
      try {
        // the status was set before the method ran, which may have set another (@Res({ passthrough: true }))
        await checks.reply(reply, result);
      } catch (error) {
        // not sent (a header value Node refuses): a file's stream would hold what it reads from
        if (result instanceof StreamableFile) result.getStream()?.destroy?.();
        throw error;
      }
    } catch (error) {
      filter.catch(error, new ExecutionContextHost([request, reply, undefined]));
      return reply;
    }
    // as Nest's router: nothing once answered (a reply returned is a thenable Fastify would wait on
    // until the answer is written)
    return undefined;
  };
}

/**
 * The direct handler of every route of the application's controllers that can be served directly, by
 * its method (each method marked so that the handler Nest registers for it leads back to it:
 * directRouteOf). Called once the application is created and before it is initialised (its routes
 * registered). A method shared by two controllers, and a controller that is not a singleton, are left
 * to Nest.
 */
export function prepareDirectRoutes(modules: ModulesContainer, checks: DirectRouteChecks): DirectRoutes {
  const found = new Map<object, DirectRoute['handle'] | null>();
  const scanner = new MetadataScanner();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype || !wrapper.isDependencyTreeStatic()) continue;
      const controller = metatype as Type<unknown>;
      for (const name of scanner.getAllMethodNames(controller.prototype as object)) {
        const method = (controller.prototype as Record<string, unknown>)[name];
        if (typeof method !== 'function' || Reflect.getMetadata(METHOD_METADATA, method) === undefined) continue;
        // a method met twice (a base class's, inherited by two controllers) is left to Nest for both
        found.set(method, found.has(method) ? null : (directRoute(instance as object, controller, name, module, checks) ?? null));
      }
    }
  }
  const routes = new Map<object, DirectRoute>();
  for (const [method, handle] of found) {
    if (handle === null) continue;
    Reflect.defineMetadata(ROUTE_METHOD, method, method);
    // the handler carries the method's metadata, as Nest's does (the adapter reads Fastify's route options from it)
    for (const key of Reflect.getMetadataKeys(method)) Reflect.defineMetadata(key, Reflect.getMetadata(key, method), handle);
    routes.set(method, { method, handle });
  }
  return routes;
}
