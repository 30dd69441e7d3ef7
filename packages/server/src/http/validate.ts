import type { TObject, TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { type ApiError, invalid } from './errors';

// Coerces query/form strings to the schema's types, fills defaults, drops unknown params.
const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: 'all', strict: false });
const compiled = new WeakMap<TObject, ValidateFunction>();

function typeOf(schema: TSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.anyOf)) return typeOf(schema.anyOf.find((s: TSchema) => s.type !== 'null'));
  return undefined;
}

/** Numbers as people write them: digits, an optional minus and (for non-integers) decimals. */
const DECIMAL = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ } as const;

/**
 * A number parameter's value, or undefined when it is not plainly one. ajv's coercion alone reads
 * `[100]`, `"0x64"`, `"1e2"`, `" 100"`, `true` and `null` as numbers; here only a JSON number or a
 * decimal string is (docs/security.md, "Input").
 */
function strictNumber(type: 'integer' | 'number', value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && DECIMAL[type].test(value)) return Number(value);
  return undefined;
}

const isNumeric = (type: string | undefined): type is 'integer' | 'number' =>
  type === 'integer' || type === 'number';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** A NUL anywhere in a value: strings, lists, and the keys and values of nested objects (an event's page). */
const hasNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\0')
    : Array.isArray(value)
      ? value.some(hasNul)
      : isPlainObject(value) && Object.entries(value).some(([k, v]) => k.includes('\0') || hasNul(v));

/**
 * Client shapes the schema can't coerce: "1"/"0" booleans, "1,2,3" lists, and empty
 * strings for non-string params, which mean "not given".
 */
export function normalizeParams(schema: TObject, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const prop = schema.properties[key] as TSchema | undefined;
    if (!prop) continue;
    const type = typeOf(prop);
    // No text a member types holds a NUL; PostgreSQL refuses it mid-write, so it stops here.
    if (hasNul(value)) throw invalid(key);
    if (value === '' && type !== 'string') continue;
    // A list where one value is expected (a repeated parameter, a JSON array) is refused, not unwrapped.
    if (Array.isArray(value) && (isNumeric(type) || type === 'boolean')) {
      throw invalid(key, isNumeric(type) ? 'validation.number' : 'validation.invalid');
    }
    if (isNumeric(type)) {
      if (value === null) continue;
      const n = strictNumber(type, value);
      if (n === undefined) throw invalid(key, 'validation.number');
      out[key] = n;
    } else if (type === 'boolean' && (value === '1' || value === '0')) out[key] = value === '1';
    else if (type === 'array') {
      const list = typeof value === 'string' ? (value === '' ? [] : value.split(',')) : value;
      const itemType = typeOf(prop.items as TSchema | undefined);
      if (isNumeric(itemType) && Array.isArray(list)) {
        const numbers = list.map((item) => strictNumber(itemType, item));
        if (numbers.some((n) => n === undefined)) throw invalid(key, 'validation.number');
        out[key] = numbers;
      } else out[key] = list;
    } else out[key] = value;
  }
  return out;
}

function toApiError(error: ErrorObject): ApiError {
  if (error.keyword === 'required') {
    const field = String(error.params.missingProperty);
    // A money call without its key could pay twice on a retry: say so (docs/ledger.md).
    return invalid(field, field === 'idempotencyKey' ? 'ledger.keyRequired' : 'validation.required');
  }
  const field = error.instancePath.split('/')[1] || 'params';
  switch (error.keyword) {
    case 'maxLength':
    case 'maxItems':
      return invalid(field, 'validation.tooLong');
    case 'minLength':
    case 'minItems':
      return invalid(field, 'validation.tooShort');
    case 'minimum':
    case 'exclusiveMinimum':
      return invalid(field, 'validation.tooSmall');
    case 'maximum':
    case 'exclusiveMaximum':
      return invalid(field, 'validation.tooLarge');
    case 'const':
    case 'enum':
      return invalid(field, 'validation.oneOf', { values: allowedValues(error) });
    default:
      return invalid(field);
  }
}

function allowedValues(error: ErrorObject): string {
  const values = (error.params as { allowedValues?: unknown[] }).allowedValues;
  return Array.isArray(values)
    ? values.join(', ')
    : String((error.params as { allowedValue?: unknown }).allowedValue);
}

/** Validates and coerces in place; throws ApiValidationException naming the first bad field. */
export function validateParams<T>(schema: TObject, raw: Record<string, unknown>): T {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  const params = normalizeParams(schema, raw);
  if (!validate(params)) {
    // Unions report one error per branch; the literal branches say which values are allowed.
    const errors = validate.errors ?? [];
    const literals = errors.filter((e) => e.keyword === 'const');
    if (literals.length && errors.some((e) => e.keyword === 'anyOf')) {
      const values = literals
        .map((e) => String((e.params as { allowedValue: unknown }).allowedValue))
        .join(', ');
      throw invalid(literals[0].instancePath.split('/')[1], 'validation.oneOf', { values });
    }
    throw toApiError(errors[0]);
  }
  return params as T;
}
