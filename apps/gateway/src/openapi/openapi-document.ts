import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { MAX_LENGTH } from '@quotebook/domain';
import { ErrorResponse } from './error-response';
import { applyFieldFormats } from './field-formats';
import { applyRouteRules, BEARER_SCHEME, operationIdOf, routeRulesOf } from './route-rules';
import { completeQueryParametersFromValidation, completeSchemasFromValidation } from './validation-schemas';

/** Address lists a body may also send as one text, the addresses separated by commas or semicolons. */
const ADDRESS_TEXT_LISTS: Record<string, string[]> = { SendQuoteDto: ['cc'] };

/**
 * A list of e-mail addresses that a transform also reads from one comma-separated text: the text is a
 * second, exact choice beside the list (class-validator's rules see only the list it becomes), at
 * most as long as the list's addresses written out.
 */
function describeAddressTexts(document: OpenAPIObject): void {
  for (const [name, properties] of Object.entries(ADDRESS_TEXT_LISTS)) {
    const schema = document.components?.schemas?.[name];
    if (!schema || '$ref' in schema || !schema.properties) continue;
    const described = schema.properties;
    for (const property of properties) {
      const list = described[property];
      if (!list || '$ref' in list || list.oneOf) continue;
      const { description, ...listSchema } = list;
      const maxLength = ((listSchema.maxItems as number | undefined) ?? 1) * (MAX_LENGTH.email + 1);
      described[property] = {
        ...(description ? { description } : {}),
        oneOf: [listSchema, { type: 'string', maxLength, description: 'the addresses separated by commas or semicolons' }],
      };
    }
  }
}

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
  describeAddressTexts(document);
  const unmatched = applyRouteRules(document, routes);
  if (unmatched.length) throw new Error(`OpenAPI operations without a route: ${unmatched.join(', ')}`);
  return document;
}
