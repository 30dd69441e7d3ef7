import type { TSchema } from '@sinclair/typebox';
import { invalid } from './errors';

/** Which fields to keep, by entity type name. */
export type Projection = Map<string, Set<string>>;

/**
 * `fields` is a comma list for the result entity (`uid,name,image1`) or JSON by entity type
 * (`{"User":["uid","name"]}`), which also reaches nested entities of that type.
 */
export function parseFields(fields: string | undefined, resultName: string): Projection | undefined {
  if (!fields?.trim()) return undefined;
  const text = fields.trim();
  if (!text.startsWith('{')) {
    return new Map([
      [
        resultName,
        new Set(
          text
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean),
        ),
      ],
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('fields');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid('fields');
  const projection: Projection = new Map();
  for (const [type, list] of Object.entries(parsed)) {
    if (!Array.isArray(list) || !list.every((f) => typeof f === 'string')) throw invalid('fields');
    projection.set(type, new Set(list));
  }
  return projection;
}

function entityName(schema: TSchema | undefined): string | undefined {
  return schema?.title;
}

/** Projects a value by walking it beside its schema; entity schemas carry their type as title. */
export function project(
  value: unknown,
  schema: TSchema | undefined,
  projection: Projection,
  name?: string,
): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => project(item, schema?.items, projection, name));
  const keep = projection.get(name ?? entityName(schema) ?? '');
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (keep && !keep.has(key)) continue;
    out[key] = project(field, schema?.properties?.[key], projection);
  }
  return out;
}
