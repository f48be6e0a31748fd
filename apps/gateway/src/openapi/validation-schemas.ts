import type { OpenAPIObject } from '@nestjs/swagger';
import type {
  OperationObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { KEYWORD_MAX_LENGTH, KEYWORD_MIN_LENGTH, KEYWORD_PATTERN, LEAVE_OUT, type LeaveOut, MONEY_PATTERN } from '@quotebook/contracts';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/** A class (or its constructor), as the decorators' metadata is keyed. */
type ClassType = abstract new (...args: never[]) => unknown;

/** What one class-validator rule says about the value it checks, as a piece of JSON Schema. */
type RuleSchema = (constraints: readonly unknown[], schema: SchemaObject) => SchemaObject;

const numberAt = (constraints: readonly unknown[], index: number) => constraints[index] as number;

/**
 * The rules our DTOs use, built-in and our own (registerDecorator names). The compiler plugin already
 * reads most built-in ones from the source, but not those hidden in helper decorators nor our own; a
 * rule that has no place in JSON Schema (isNotEmpty on a non-string, conditional rules) is left out.
 */
const RULE_SCHEMAS: Record<string, RuleSchema> = {
  isString: () => ({ type: 'string' }),
  isInt: () => ({ type: 'integer' }),
  isNumber: () => ({ type: 'number' }),
  isBoolean: () => ({ type: 'boolean' }),
  isArray: () => ({ type: 'array' }),
  isNotEmpty: (_c, schema) => (schema.type === 'string' && schema.minLength === undefined ? { minLength: 1 } : {}),
  minLength: (c) => ({ minLength: numberAt(c, 0) }),
  maxLength: (c) => ({ maxLength: numberAt(c, 0) }),
  isLength: (c) => ({ minLength: numberAt(c, 0), ...(c[1] === undefined ? {} : { maxLength: numberAt(c, 1) }) }),
  min: (c) => ({ minimum: numberAt(c, 0) }),
  max: (c) => ({ maximum: numberAt(c, 0) }),
  isIn: (c) => ({ enum: [...(c[0] as unknown[])] }),
  isEmail: () => ({ type: 'string', format: 'email' }),
  isUUID: () => ({ type: 'string', format: 'uuid' }),
  isUrl: () => ({ type: 'string', format: 'uri' }),
  matches: (c) => ({ type: 'string', pattern: c[0] instanceof RegExp ? c[0].source : String(c[0]) }),
  arrayMinSize: (c) => ({ minItems: numberAt(c, 0) }),
  arrayMaxSize: (c) => ({ maxItems: numberAt(c, 0) }),
  isDateOnly: () => ({ type: 'string', format: 'date' }),
  isDateTime: () => ({ type: 'string', format: 'date-time' }),
  isTenantKeyword: () => ({
    type: 'string',
    pattern: KEYWORD_PATTERN.source,
    minLength: KEYWORD_MIN_LENGTH,
    maxLength: KEYWORD_MAX_LENGTH,
  }),
  // the shape once spaces are taken out and letters raised (the check character is checked besides)
  isFiscalCode: () => ({ type: 'string', pattern: '^(\\d{11}|[A-Z0-9]{16})$', example: '04512340634' }),
  // the shape once spaces are taken out and letters raised (the check digits are checked besides)
  isIbanCode: () => ({ type: 'string', pattern: '^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$', example: 'IT60X0542811101000000123456' }),
};

/** Money travels as a string with two decimals; a request may send it as a number. */
function moneySchema(constraints: readonly unknown[]): SchemaObject {
  const maximum = constraints[0] as number | undefined;
  // IsPositiveMoney: above 0, so the lowest amount is a cent
  const minimum = constraints[1] === 'positive' ? 0.01 : 0;
  // an example a client may send as it is: within the maximum (a rate up to 100 is not 120.50)
  const example = Math.min(120.5, (maximum ?? Infinity) / 2).toFixed(2);
  return {
    oneOf: [
      { type: 'string', pattern: MONEY_PATTERN.source, example },
      { type: 'number', minimum, ...(maximum === undefined ? {} : { maximum }), multipleOf: 0.01 },
    ],
  };
}

function rulesOf(target: ClassType): Map<string, ValidationMetadata[]> {
  // inherited rules included, as the ValidationPipe applies them
  const rules = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  return byProperty;
}

function leavesOut(rules: ValidationMetadata[], how: LeaveOut): boolean {
  return rules.some(
    (rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION && (rule.context as Record<string, unknown> | undefined)?.[LEAVE_OUT] === how,
  );
}

/** @IsOptional: the property may be absent or null. */
function allowsNull(rules: ValidationMetadata[]): boolean {
  return rules.some((rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION && rule.name === 'isOptional');
}

/** @IsOptional (absent or null) or @Omittable (absent only): either way not required. */
function isOptional(rules: ValidationMetadata[]): boolean {
  return allowsNull(rules) || leavesOut(rules, 'omit');
}

/** The property's schema with every class-validator rule of it applied (rules with `each` describe the items). */
function describeProperty(existing: SchemaObject | undefined, rules: ValidationMetadata[]): SchemaObject {
  let schema: SchemaObject = { ...existing };
  const ruleNames = new Set(rules.map((rule) => rule.name));
  if (ruleNames.has('isMoney')) {
    const { type: _type, oneOf: _oneOf, ...rest } = schema;
    schema = { ...rest, ...moneySchema(rules.find((rule) => rule.name === 'isMoney')?.constraints ?? []) };
    // an amount that may be left out may be cleared with null
    if (allowsNull(rules)) schema.nullable = true;
  }
  for (const rule of rules) {
    const describe = rule.name ? RULE_SCHEMAS[rule.name] : undefined;
    if (!describe || rule.type !== ValidationTypes.CUSTOM_VALIDATION) continue;
    const constraints = rule.constraints ?? [];
    if (rule.each) {
      const items = { ...(schema.items as SchemaObject | undefined) };
      schema.type = 'array';
      schema.items = { ...items, ...describe(constraints, items) };
    } else {
      const fragment = describe(constraints, schema);
      // the plugin writes "object" for a union it cannot express; a rule's type is the exact one
      if (fragment.type && schema.type === 'object') delete schema.type;
      schema = { ...schema, ...fragment };
    }
  }
  if (leavesOut(rules, 'empty')) {
    // '' stands for "none" and skips the rules, so it is a second, exact choice beside them
    const { description, nullable, ...value } = schema;
    schema = { ...(description ? { description } : {}), ...(nullable ? { nullable } : {}), oneOf: [value, { type: 'string', enum: [''] }] };
  }
  return schema;
}

/** The DTO classes class-validator knows, by class name (the name Swagger gives their schema). */
export function validatedClassesByName(): Map<string, ClassType> {
  // the storage keeps its targets private; reading them is the only way to list every validated class
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<ClassType, unknown> };
  const classes = new Map<string, ClassType>();
  for (const target of storage.validationMetadatas.keys()) {
    if (typeof target === 'function') classes.set(target.name, target);
  }
  return classes;
}

/**
 * Completes every schema of a validated DTO class from class-validator's own rules: the property is
 * there, with its type, format, limits and enum, and required unless @IsOptional. The DTO classes stay
 * the single source, so a rule added or changed there shows up in the document without further work.
 */
export function completeSchemasFromValidation(document: OpenAPIObject): void {
  const schemas = document.components?.schemas ?? {};
  for (const [name, target] of validatedClassesByName()) {
    const existing = schemas[name] as SchemaObject | ReferenceObject | undefined;
    if (!existing || '$ref' in existing) continue;
    const properties: Record<string, SchemaObject | ReferenceObject> = { ...existing.properties };
    const required = new Set(existing.required ?? []);
    for (const [property, rules] of rulesOf(target)) {
      const current = properties[property];
      if (current && '$ref' in current) continue;
      properties[property] = describeProperty(current, rules);
      if (isOptional(rules)) required.delete(property);
      else required.add(property);
    }
    schemas[name] = { ...existing, type: 'object', properties, ...(required.size ? { required: [...required] } : {}) };
  }
}

/**
 * Completes the query parameters of every operation whose route validates its query string against a
 * DTO class (`queryTypes`, by operation id) from that class's rules, as the request bodies are: each
 * parameter with its type, format, limits and enum, required unless it may be left out.
 */
export function completeQueryParametersFromValidation(document: OpenAPIObject, queryTypes: ReadonlyMap<string, ClassType>): void {
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as unknown[]) {
      const { operationId, parameters } = (operation ?? {}) as OperationObject;
      const target = operationId ? queryTypes.get(operationId) : undefined;
      if (!target || !parameters) continue;
      const rules = rulesOf(target);
      for (const parameter of parameters as (ParameterObject | ReferenceObject)[]) {
        if ('$ref' in parameter || parameter.in !== 'query') continue;
        const propertyRules = rules.get(parameter.name);
        if (!propertyRules) continue;
        const current = parameter.schema && !('$ref' in parameter.schema) ? parameter.schema : undefined;
        // a query's value is text: it is never null, whatever the rules let through
        const { nullable: _nullable, ...schema } = describeProperty(current, propertyRules);
        parameter.schema = schema;
        parameter.required = !isOptional(propertyRules);
      }
    }
  }
}
