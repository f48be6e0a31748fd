import type { CanActivate, ExceptionFilter, INestApplication, PipeTransform, Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { type DirectRoutes, directRouteOf, prepareDirectRoutes } from './direct-routes';
import { JsonText } from './json-text';

/** The application's global enhancers, by class (each also provided as APP_GUARD/APP_FILTER with useExisting), and its global pipes. */
export interface GlobalEnhancers {
  guards: readonly Type<CanActivate>[];
  filter: Type<ExceptionFilter>;
  pipes: readonly PipeTransform[];
}

/**
 * Fastify, except that:
 * - an answer that is JSON already goes out as its bytes are, never parsed and written again; an answer
 *   of several parts (a list's pages as the services wrote them) is written part after part with its
 *   length, never copied into one buffer first;
 * - the routes that need no more than the global guards, pipes and filter are served by their direct
 *   handlers (direct-routes.ts), without Nest's per-request router, once serveDirectly() has been
 *   called (before the application is initialised).
 */
export class GatewayHttpAdapter extends FastifyAdapter {
  private directRoutes: DirectRoutes = new Map();
  /** The controller methods whose routes were registered with their direct handler. */
  readonly routesServedDirectly = new Set<object>();

  /** Serves the application's routes directly where they can be (called before app.init(), after the global pipes are set). */
  serveDirectly(app: INestApplication, { guards, filter, pipes }: GlobalEnhancers): void {
    this.directRoutes = prepareDirectRoutes(app.get(ModulesContainer), {
      guards: guards.map((guard) => app.get(guard)),
      pipes,
      filter: app.get(filter),
      reply: (response, body) => this.reply(response, body),
    });
  }

  override get(...args: unknown[]) {
    return super.get(...this.served(args));
  }

  override post(...args: unknown[]) {
    return super.post(...this.served(args));
  }

  override put(...args: unknown[]) {
    return super.put(...this.served(args));
  }

  override delete(...args: unknown[]) {
    return super.delete(...this.served(args));
  }

  override patch(...args: unknown[]) {
    return super.patch(...this.served(args));
  }

  /** A route's registration with its direct handler in place of Nest's. */
  private served(args: unknown[]): unknown[] {
    const handler = args[args.length - 1];
    const direct = directRouteOf(handler, this.directRoutes);
    if (!direct) return args;
    this.routesServedDirectly.add(direct.method);
    return [...args.slice(0, -1), direct.handle];
  }

  override reply(response: FastifyReply | ServerResponse, body: unknown, statusCode?: number): FastifyReply {
    if (!(body instanceof JsonText) || response instanceof ServerResponse) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    const { parts } = body;
    response.type('application/json; charset=utf-8');
    if (parts.length === 1) return response.send(parts[0]);
    return response.header('content-length', body.byteLength).send(Readable.from(parts));
  }
}
