import type { OpenAPIObject } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * Formats that follow from the API's field naming rules, for the answer classes that carry no
 * validation rules: ids (`id`, `…Id`, `…Ids`; not a `shortId`) are UUIDs, `…At` are ISO 8601 date-times, `…Date`
 * are YYYY-MM-DD dates, `email` / `…Email` are e-mail addresses. A format already present is kept.
 */
function formatByName(property: string): string | undefined {
  // the last characters of an id, shown to people: not an id itself
  if (property === 'shortId') return undefined;
  if (property === 'id' || /[a-z]Ids?$/.test(property)) return 'uuid';
  if (/[a-z]At$/.test(property)) return 'date-time';
  if (/[a-z]Date$/.test(property)) return 'date';
  if (property === 'email' || /[a-z]Email$/.test(property)) return 'email';
  return undefined;
}

export function applyFieldFormats(document: OpenAPIObject): void {
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    if ('$ref' in schema) continue;
    for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
      const format = formatByName(property);
      if (!format || '$ref' in propertySchema) continue;
      const target: SchemaObject | undefined =
        propertySchema.type === 'array' ? (propertySchema.items as SchemaObject | undefined) : propertySchema;
      if (target && !('$ref' in target) && target.type === 'string' && !target.format) target.format = format;
    }
  }
}
