import { z } from 'zod';

/** What the fuzzer needs to know about one field of a request object schema. */
export interface FieldInfo {
  name: string;
  required: boolean;
  /** JSON Schema types the field accepts ('string', 'number', 'integer', 'boolean', 'null'...). */
  types: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: unknown[];
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
};

function flatten(s: JsonSchema): JsonSchema[] {
  const alternatives = s.anyOf ?? s.oneOf;
  return alternatives ? alternatives.flatMap(flatten) : [s];
}

const tighter = (
  a: number | undefined,
  b: number | undefined,
  pick: (x: number, y: number) => number,
) => (a === undefined ? b : b === undefined ? a : pick(a, b));

/**
 * The fields of an object schema, from its JSON Schema in both directions: the input side knows
 * what is required (defaults make a field optional), the output side knows the bounds that sit
 * behind a transform (plainText trims and strips markup, then applies min/max).
 */
export function fieldsOf(schema: z.ZodType): FieldInfo[] {
  const input = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const output = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const names = new Set([
    ...Object.keys(input.properties ?? {}),
    ...Object.keys(output.properties ?? {}),
  ]);
  const required = new Set(input.required ?? []);
  return [...names].map((name) => {
    const parts = [input.properties?.[name], output.properties?.[name]]
      .filter((p): p is JsonSchema => p !== undefined)
      .flatMap(flatten);
    const info: FieldInfo = { name, required: required.has(name), types: [] };
    for (const p of parts) {
      const types = Array.isArray(p.type) ? p.type : p.type ? [p.type] : [];
      for (const t of types) if (!info.types.includes(t)) info.types.push(t);
      info.minLength = tighter(info.minLength, p.minLength, Math.max);
      info.maxLength = tighter(info.maxLength, p.maxLength, Math.min);
      info.minimum = tighter(info.minimum, p.minimum ?? p.exclusiveMinimum, Math.max);
      info.maximum = tighter(info.maximum, p.maximum ?? p.exclusiveMaximum, Math.min);
      info.pattern ??= p.pattern;
      if (p.enum) info.enum = [...new Set([...(info.enum ?? []), ...p.enum])];
      if (p.const !== undefined) info.enum = [...new Set([...(info.enum ?? []), p.const])];
    }
    return info;
  });
}

/** Whether the schema is an object schema whose fields the fuzzer can enumerate. */
export function isObjectSchema(schema: z.ZodType | undefined): schema is z.ZodType {
  if (!schema) return false;
  const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return js.type === 'object';
}
