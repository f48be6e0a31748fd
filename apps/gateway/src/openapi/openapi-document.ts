import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorResponse } from './error-response';
import { applyFieldFormats } from './field-formats';
import { applyRouteRules, BEARER_SCHEME, operationIdOf, routeRulesOf } from './route-rules';
import { completeQueryParametersFromValidation, completeSchemasFromValidation } from './validation-schemas';

/**
 * The gateway's OpenAPI document, built from the code alone: the compiler plugin describes the
 * request and response classes of libs/contracts and each route's return type; class-validator's
 * rules complete the request schemas; the field naming rules give the answers' formats; the guards'
 * metadata gives security, roles and error answers.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Quotebook API')
      .setDescription('Multi-tenant quoting and booking: the gateway HTTP API')
      .setVersion('1')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER_SCHEME)
      .build(),
    { extraModels: [ErrorResponse], operationIdFactory: operationIdOf },
  );
  const routes = routeRulesOf(app);
  completeSchemasFromValidation(document);
  completeQueryParametersFromValidation(
    document,
    new Map([...routes.values()].flatMap(({ operationId, queryType }) => (queryType ? [[operationId, queryType] as const] : []))),
  );
  applyFieldFormats(document);
  const unmatched = applyRouteRules(document, routes);
  if (unmatched.length) throw new Error(`OpenAPI operations without a route: ${unmatched.join(', ')}`);
  return document;
}
