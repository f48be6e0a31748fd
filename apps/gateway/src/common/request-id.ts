import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestContext } from '@quotebook/server-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { methodLabel, routeTemplateOf } from './http-metrics';

/** Node gives request headers by their lower-case names. */
const REQUEST_ID_FIELD = REQUEST_ID_HEADER.toLowerCase();

/** Asked every few seconds by the orchestrator: a line each would bury the requests. */
const HEALTH_PATH = '/api/health';

/** The id of a request as it arrives (the HTTP server's `genReqId`): the client's when sensible, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  return requestIdFrom(request.headers[REQUEST_ID_FIELD]);
}

/** Every answer carries its request's id, whatever it is (an error, a 404, a file). */
function answerRequestId(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  done();
}

/**
 * Opens the request's context, once its body is read: everything done for the request from there
 * (guards, the route, the calls over the bus) runs inside. A GET or HEAD only reads.
 */
function openRequestContext(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  runWithRequestContext({ requestId: request.id, readOnly: request.method === 'GET' || request.method === 'HEAD' }, done);
}

/**
 * One line per answered request, written when it ends: method, route template (never the path, which
 * may hold ids or a link's token, nor the query), status, time taken and request id. No header, body or
 * client address is written.
 */
function accessLine(logger: Logger) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    if (request.url !== HEALTH_PATH) {
      const status = reply.statusCode;
      const line = { requestId: request.id, method: methodLabel(request.method), route: routeTemplateOf(request), status, responseTime: Math.round(reply.elapsedTime) };
      if (status >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    }
    done();
  };
}

/** First of all the gateway's hooks, so that every answer carries its request id and is logged. */
export function useRequestIds(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onRequest', answerRequestId);
  fastify.addHook('preHandler', openRequestContext);
  fastify.addHook('onResponse', accessLine(logger));
}
