import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { createProcessLogger, MessagesValidationPipe, nestLoggerOf, VALIDATION_OPTIONS } from '@quotebook/server-core';
import type { Response } from 'express';
import helmet from 'helmet';
import { GatewayModule } from './app.module';
import { AUTH_PATH, noStore } from './auth/no-store';
import { installHttpMetrics } from './common/http-metrics';
import { refuseDeepJson } from './common/json-depth';
import { useRequestIds } from './common/request-id';
import { readSignatureUpload, SIGNATURE_UPLOAD_PATH } from './documents/signature-upload-body';
import { JsonText } from './common/json-text';
import type { GatewayEnv } from './env';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { PUBLIC_PATH, publicAnswerHeaders } from './public/public-answer-headers';
import { serveSpa, serveUploads } from './web/spa';

export const BODY_LIMIT = '1mb';

/** Express, except that an answer that is JSON already goes out as its bytes are. */
class GatewayHttpAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!(body instanceof JsonText)) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    response.type('application/json').setHeader('Content-Length', body.byteLength);
    // the parts go out in one write (corked), none of them copied into one body first
    response.cork();
    for (const part of body.parts) response.write(part);
    response.uncork();
    return response.end();
  }
}

/** The gateway's HTTP application, fully configured (used by main.ts and by tests). */
export async function createGatewayApp(env: GatewayEnv): Promise<INestApplication> {
  const logger = createProcessLogger({ service: 'gateway', logLevel: env.LOG_LEVEL, nodeEnv: env.NODE_ENV });
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(env), new GatewayHttpAdapter(), {
    bodyParser: false,
    logger: nestLoggerOf(logger),
  });
  useRequestIds(app, logger);
  installHttpMetrics(app, env.METRICS_TOKEN);
  app.set('trust proxy', env.TRUST_PROXY);
  app.disable('x-powered-by');
  // API answers are made per request: hashing each body (a products list is megabytes) for an ETag
  // costs more than it saves. Static files keep theirs.
  app.set('etag', false);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // MUI (emotion) injects style tags; Swagger UI needs inline styles too
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // before the body parsers, so that their 400/413 answers on auth routes are not cached either
  app.use(AUTH_PATH, noStore);
  // after helmet, whose CSP it narrows; before the parsers, so their refusals carry the headers too
  app.use(PUBLIC_PATH, publicAnswerHeaders);
  // a signature upload is an image of any content type: read raw, never by the parsers
  app.use(SIGNATURE_UPLOAD_PATH, readSignatureUpload);
  app.useBodyParser('json', { limit: BODY_LIMIT, verify: refuseDeepJson });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new MessagesValidationPipe({ ...VALIDATION_OPTIONS }));
  // no enableShutdownHooks(): main.ts stops the process once the requests in flight are answered

  SwaggerModule.setup('api/docs', app, buildOpenApiDocument(app));

  serveUploads(app, env.UPLOAD_DIR);
  if (!serveSpa(app, env.WEB_DIST_DIR)) {
    new Logger('Gateway').warn(`no web build at ${env.WEB_DIST_DIR}: serving the API only`);
  }
  return app;
}
