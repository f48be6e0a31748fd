import fastifyMultipart from '@fastify/multipart';
import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { createProcessLogger, MessagesValidationPipe, nestLoggerOf, VALIDATION_OPTIONS } from '@quotebook/server-core';
import { GatewayModule, GLOBAL_GUARDS } from './app.module';
import { noStore } from './auth/no-store';
import { BODY_LIMIT_BYTES, installBodyParsers } from './common/body-parsers';
import { GatewayHttpAdapter } from './common/gateway-http-adapter';
import { clientErrorAnswer, frameworkErrorAnswer, HttpErrorFilter } from './common/http-exception.filter';
import { installHttpMetrics } from './common/http-metrics';
import { requestIdOf, useRequestIds } from './common/request-id';
import { useSecurityHeaders } from './common/security-headers';
import { useSignatureUploads } from './documents/signature-upload-body';
import type { GatewayEnv } from './env';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { publicAnswerHeaders } from './public/public-answer-headers';
import { serveSpa, serveUploads } from './web/spa';

/** The gateway's HTTP application, fully configured (used by main.ts and by tests). */
export async function createGatewayApp(env: GatewayEnv): Promise<INestApplication> {
  const logger = createProcessLogger({ service: 'gateway', logLevel: env.LOG_LEVEL, nodeEnv: env.NODE_ENV });
  const adapter = new GatewayHttpAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    genReqId: requestIdOf,
    requestIdHeader: false,
    // one access line per request is written by useRequestIds, in the process's own format
    logger: false,
    disableRequestLogging: true,
    // no Nest middleware: every step of a request is a Fastify hook
    skipMiddie: true,
    // as the API has always answered: a trailing slash names the same route, and ids of any length reach their validation
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    frameworkErrors: frameworkErrorAnswer,
    clientErrorHandler: clientErrorAnswer,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(env), adapter, {
    bodyParser: false,
    logger: nestLoggerOf(logger),
  });
  const fastify = app.getHttpAdapter().getInstance();
  useRequestIds(fastify, logger);
  installHttpMetrics(fastify, env.METRICS_TOKEN);
  useSecurityHeaders(fastify);
  // after helmet, whose headers they narrow; before the body is read, so that refusals carry them too
  fastify.addHook('onRequest', noStore);
  fastify.addHook('onRequest', publicAnswerHeaders);
  useSignatureUploads(fastify);
  installBodyParsers(fastify);
  await app.register(fastifyMultipart);
  app.setGlobalPrefix('api');
  const validation = new MessagesValidationPipe({ ...VALIDATION_OPTIONS });
  app.useGlobalPipes(validation);
  // the routes that need no more than these skip Nest's per-request router
  adapter.serveDirectly(app, { guards: GLOBAL_GUARDS, filter: HttpErrorFilter, pipes: [validation] });
  // no enableShutdownHooks(): main.ts stops the process once the requests in flight are answered

  SwaggerModule.setup('api/docs', app, buildOpenApiDocument(app));

  serveUploads(fastify, env.UPLOAD_DIR);
  if (!(await serveSpa(fastify, env.WEB_DIST_DIR))) {
    new Logger('Gateway').warn(`no web build at ${env.WEB_DIST_DIR}: serving the API only`);
  }
  return app;
}
