import { INestApplication, ParseUUIDPipe, RequestMethod } from '@nestjs/common';
import { CUSTOM_ROUTE_ARGS_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import type {
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ROLES as ALL_ROLES, type Role } from '@quotebook/contracts';
import { IS_PUBLIC, ROLES } from '../common/principal.decorator';
import { TenantScopePipe } from '../common/tenant-scope';
import { UuidParamPipe } from '../common/params';

/** A class (or its constructor), as the decorators' metadata is keyed. */
type ClassType = abstract new (...args: never[]) => unknown;

export const BEARER_SCHEME = 'bearer';
export const ERROR_RESPONSE_REF = '#/components/schemas/ErrorResponse';
/** Vendor extension on each operation: the roles that may call it, or ['public'] for no token. */
export const ROLES_EXTENSION = 'x-roles';

export type CallerRole = Role | 'public';

/** What the guards and pipes of one route decide, read from the route's own metadata. */
export interface RouteRules {
  operationId: string;
  isPublic: boolean;
  /** the roles that pass the guards; every signed-in role when the route has no @Roles */
  roles: CallerRole[];
  /** path parameters that a ParseUUIDPipe checks */
  uuidParameters: string[];
  /** path parameters that any pipe checks (a 400 when they do not pass) */
  checkedParameters: string[];
  /** the DTO class the whole query string is validated against (@Query() with no name), if any */
  queryType?: ClassType;
}

interface RouteArgument {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

/** The same lookup as Reflector.getAllAndOverride: the handler's metadata first, then the controller's. */
function metadataOf<T>(key: string, handler: object, controller: object): T | undefined {
  return (Reflect.getMetadata(key, handler) as T | undefined) ?? (Reflect.getMetadata(key, controller) as T | undefined);
}

/**
 * The route's named path parameters with the pipes that check them: @Param('name') and the custom
 * decorators that read a named path parameter (@CurrentScope() reads tenantId).
 */
function pathParametersOf(controller: ClassType, methodName: string): { name: string; pipes: unknown[] }[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<string, RouteArgument>;
  const readsPath = (key: string) => key.startsWith(`${RouteParamtypes.PARAM}:`) || key.includes(CUSTOM_ROUTE_ARGS_METADATA);
  return Object.entries(args)
    .filter(([key, arg]) => readsPath(key) && typeof arg.data === 'string')
    .map(([, arg]) => ({ name: arg.data as string, pipes: arg.pipes ?? [] }));
}

/** The class of the route's whole-query argument (@Query() without a name), as the validation pipe sees it. */
function queryTypeOf(controller: ClassType, methodName: string): ClassType | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<string, RouteArgument>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, methodName) ?? []) as unknown[];
  const query = Object.entries(args).find(([key, arg]) => key.startsWith(`${RouteParamtypes.QUERY}:`) && arg.data === undefined);
  const type = query ? types[query[1].index] : undefined;
  return typeof type === 'function' && type !== Object ? (type as ClassType) : undefined;
}

const isUuidCheck = (pipe: unknown) => pipe instanceof UuidParamPipe || pipe instanceof ParseUUIDPipe || pipe === ParseUUIDPipe || pipe instanceof TenantScopePipe;

/** Every HTTP route of the app with its rules, keyed the way the document names operations. */
export function routeRulesOf(app: INestApplication): Map<string, RouteRules> {
  const metadataScanner = new MetadataScanner();
  const rules = new Map<string, RouteRules>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as ClassType | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      // the routes a controller inherits too (a resource's routes come from its base), as Nest's router finds them
      for (const methodName of metadataScanner.getAllMethodNames(prototype)) {
        const handler = prototype[methodName];
        if (typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const isPublic = metadataOf<boolean>(IS_PUBLIC, handler, controller) === true;
        const allowed = metadataOf<Role[]>(ROLES, handler, controller);
        const operationId = operationIdOf(controller.name, methodName);
        const pathParameters = pathParametersOf(controller, methodName);
        const queryType = queryTypeOf(controller, methodName);
        rules.set(operationId, {
          operationId,
          isPublic,
          roles: isPublic ? ['public'] : allowed?.length ? [...allowed] : [...ALL_ROLES],
          uuidParameters: pathParameters
            .filter(({ pipes }) => pipes.some(isUuidCheck))
            .map(({ name }) => name),
          checkedParameters: pathParameters.filter(({ pipes }) => pipes.length > 0).map(({ name }) => name),
          ...(queryType ? { queryType } : {}),
        });
      }
    }
  }
  return rules;
}

export function operationIdOf(controllerName: string, methodName: string): string {
  return `${controllerName}_${methodName}`;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: one message per broken rule, naming the field',
  401: 'No token, or a token that is invalid, expired or revoked',
  403: 'The role may not do this, or the agency of the path is not the caller\'s',
  404: 'No such resource (also one of another agency)',
  409: 'Conflicts with existing data (a unique name already taken, or still in use)',
  413: 'The request body is too large',
  415: 'The request body has an unsupported media type or encoding',
  429: 'Too many attempts: wait for the seconds given in Retry-After',
  503: 'A service is down or unreachable',
  504: 'A service did not answer in time',
};

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** The error answers one operation can give, from what its guards, pipes and body make possible. */
function errorStatusesOf(method: string, operation: OperationObject, route: RouteRules): number[] {
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  const body = operation.requestBody as RequestBodyObject | undefined;
  const isJsonBody = body?.content?.['application/json'] !== undefined;
  const hasPathParameters = parameters.some((parameter) => parameter.in === 'path');
  const isChecked = (parameter: ParameterObject) => parameter.in !== 'path' || route.checkedParameters.includes(parameter.name);
  // a route that declares its own 503 (health) answers without waiting on a service
  const statuses = operation.responses['503'] ? [] : [503, 504];
  if (body || parameters.some(isChecked)) statuses.push(400);
  if (!route.isPublic) statuses.push(401);
  if (!route.isPublic && (route.roles.length < ALL_ROLES.length || parameters.some((p) => p.name === 'tenantId'))) {
    statuses.push(403);
  }
  if (hasPathParameters) statuses.push(404);
  if (!route.isPublic && WRITE_METHODS.has(method) && (isJsonBody || method === 'delete')) statuses.push(409);
  if (body) statuses.push(413, 415);
  return statuses;
}

const HTTP_METHODS = Object.values(RequestMethod)
  .filter((value): value is string => typeof value === 'string')
  .map((name) => name.toLowerCase());

/**
 * Applies what every route's guards and pipes decide to its operation: bearer security unless public,
 * the `x-roles` that may call it, a UUID format on the path ids a ParseUUIDPipe checks, and the error
 * answers (ErrorResponse) it can give. Answers a route declares itself are kept.
 * Returns the operations that have no route (none, unless the document and the app disagree).
 */
export function applyRouteRules(document: OpenAPIObject, routes: Map<string, RouteRules>): string[] {
  const unmatched: string[] = [];
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = (pathItem as Record<string, OperationObject | undefined>)[method];
      if (!operation) continue;
      const route = operation.operationId ? routes.get(operation.operationId) : undefined;
      if (!route) {
        unmatched.push(operation.operationId ?? method);
        continue;
      }
      operation.security = route.isPublic ? [] : [{ [BEARER_SCHEME]: [] }];
      (operation as OperationObject & Record<string, unknown>)[ROLES_EXTENSION] = route.roles;
      for (const parameter of (operation.parameters ?? []) as (ParameterObject | ReferenceObject)[]) {
        if ('$ref' in parameter || parameter.in !== 'path' || !route.uuidParameters.includes(parameter.name)) continue;
        parameter.schema = { ...parameter.schema, type: 'string', format: 'uuid' };
      }
      for (const status of errorStatusesOf(method, operation, route)) {
        const existing = operation.responses[String(status)] as ResponseObject | undefined;
        if (existing) continue;
        operation.responses[String(status)] = {
          description: ERROR_DESCRIPTIONS[status],
          content: { 'application/json': { schema: { $ref: ERROR_RESPONSE_REF } } },
        };
      }
    }
  }
  return unmatched;
}
