import { Type } from '@sinclair/typebox';
import { Id, Int } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { validateParams } from './validate';

/** Issue 38 item 6: numbers are numbers (docs/security.md, "Input"). */
const schema = Type.Object({
  gold: Int(1, 1_000_000),
  price: Type.Optional(Type.Number({ minimum: 0 })),
  ids: Type.Optional(Type.Array(Id())),
  flag: Type.Optional(Type.Boolean()),
});

const refusal = (raw: Record<string, unknown>) => {
  try {
    validateParams(schema, raw);
  } catch (e) {
    return e instanceof ApiError ? { details: e.details, key: e.key } : e;
  }
  return 'accepted';
};

describe('number parameters', () => {
  it('take JSON numbers and decimal digits', () => {
    expect(validateParams(schema, { gold: 100 })).toEqual({ gold: 100 });
    expect(validateParams(schema, { gold: '100' })).toEqual({ gold: 100 });
    expect(validateParams(schema, { gold: '007', price: '2.50' })).toEqual({ gold: 7, price: 2.5 });
    expect(validateParams(schema, { gold: 1, ids: '3,4' })).toEqual({ gold: 1, ids: [3, 4] });
    expect(validateParams(schema, { gold: 1, ids: [5, '6'] })).toEqual({ gold: 1, ids: [5, 6] });
    expect(validateParams(schema, { gold: 1, flag: '1' })).toEqual({ gold: 1, flag: true });
  });

  it.each([
    ['a one-item list', [100]],
    ['a list of strings', ['100', '200']],
    ['hex', '0x64'],
    ['octal', '0o144'],
    ['binary', '0b1100100'],
    ['exponent', '1e2'],
    ['spaces', ' 100'],
    ['a plus sign', '+100'],
    ['a decimal for an integer', '100.0'],
    ['Infinity', 'Infinity'],
    ['a boolean', true],
    ['an object', { valueOf: 100 }],
  ])('refuse %s', (_what, gold) => {
    expect(refusal({ gold })).toMatchObject({ key: 'validation.number' });
  });

  it('refuse odd forms inside lists and for decimals, and lists for booleans', () => {
    expect(refusal({ gold: 1, ids: '3,0x4' })).toMatchObject({ key: 'validation.number' });
    expect(refusal({ gold: 1, ids: [[3]] })).toMatchObject({ key: 'validation.number' });
    expect(refusal({ gold: 1, price: '1e3' })).toMatchObject({ key: 'validation.number' });
    expect(refusal({ gold: 1, flag: [true] })).toMatchObject({ key: 'validation.invalid' });
  });

  it('read null as not given', () => {
    expect(refusal({ gold: null })).toMatchObject({ key: 'validation.required' });
    expect(validateParams(schema, { gold: 2, price: null })).toEqual({ gold: 2 });
  });
});
