import type { INestApplication } from '@nestjs/common';
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestContext } from '@quotebook/server-core';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { methodLabel, routeTemplateOf } from './http-metrics';

/** Node gives request headers by their lower-case names. */
const REQUEST_ID_FIELD = REQUEST_ID_HEADER.toLowerCase();

/** Asked every few seconds by the orchestrator: a line each would bury the requests. */
const HEALTH_PATH = '/api/health';

/**
 * Opens the request's context: its id is the client's `X-Request-Id` when sensible, else a new one,
 * and goes back in the answer's `X-Request-Id` whatever the answer is (an error, a 404, a file). A GET
 * or HEAD only reads. Everything done for the request, the calls over the bus included, runs inside.
 */
export function openRequestContext(request: Request, response: Response, next: NextFunction): void {
  const requestId = requestIdFrom(request.headers[REQUEST_ID_FIELD]);
  request.id = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  runWithRequestContext({ requestId, readOnly: request.method === 'GET' || request.method === 'HEAD' }, next);
}

/** The access line's fields: the route's template, never the path (ids, a link's token) nor the query. */
function accessFields(request: Request, response: Response, value: object) {
  return {
    requestId: request.id,
    method: methodLabel(request.method),
    route: routeTemplateOf(request, response),
    status: response.statusCode,
    responseTime: (value as { responseTime?: number }).responseTime,
  };
}

/**
 * One line per answered request, written when it ends: method, route template, status, time taken
 * and request id. No header, body, query or client address is written.
 */
export function requestLog(logger: Logger) {
  return pinoHttp<Request, Response>({
    logger,
    genReqId: (request) => request.id,
    autoLogging: { ignore: (request) => request.path === HEALTH_PATH },
    // pino-http binds the request to a logger of its own when the request starts; the method only
    wrapSerializers: false,
    serializers: { req: (request: Request) => ({ method: request.method }) },
    quietResLogger: true,
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: accessFields,
    customErrorObject: (request, response, _error, value) => accessFields(request, response, value),
  });
}

/** First of all the gateway's middleware, so that every answer carries its request id and is logged. */
export function useRequestIds(app: INestApplication, logger: Logger): void {
  app.use(openRequestContext);
  app.use(requestLog(logger));
}
