import type { InputFieldMap } from '@pothos/core';
import type { FilterFields, FilterInput, FilterKind } from '../db/filter-conditions.js';
import type { OrderInput } from '../db/keyset-pagination.js';
import { builder } from './builder.js';

export const SortEnumType = builder.enumType('SortEnumType', { values: ['ASC', 'DESC'] as const });

const StringOperationFilterInput = builder.inputType('StringOperationFilterInput', {
  fields: (t) => ({
    eq: t.string(),
    neq: t.string(),
    contains: t.string({ description: 'Case-insensitive; % and _ match literally.' }),
    ncontains: t.string({ description: 'Case-insensitive; % and _ match literally.' }),
    startsWith: t.string({ description: 'Case-insensitive; % and _ match literally.' }),
    endsWith: t.string({ description: 'Case-insensitive; % and _ match literally.' }),
    in: t.stringList(),
    nin: t.stringList(),
  }),
});

const BooleanOperationFilterInput = builder.inputType('BooleanOperationFilterInput', {
  fields: (t) => ({ eq: t.boolean(), neq: t.boolean() }),
});

const DateTimeOperationFilterInput = builder.inputType('DateTimeOperationFilterInput', {
  fields: (t) => ({
    eq: t.field({ type: 'DateTime' }),
    neq: t.field({ type: 'DateTime' }),
    gt: t.field({ type: 'DateTime' }),
    gte: t.field({ type: 'DateTime' }),
    lt: t.field({ type: 'DateTime' }),
    lte: t.field({ type: 'DateTime' }),
    in: t.field({ type: ['DateTime'] }),
    nin: t.field({ type: ['DateTime'] }),
  }),
});

const IntOperationFilterInput = builder.inputType('IntOperationFilterInput', {
  fields: (t) => ({
    eq: t.int(),
    neq: t.int(),
    gt: t.int(),
    gte: t.int(),
    lt: t.int(),
    lte: t.int(),
    in: t.intList(),
    nin: t.intList(),
  }),
});

const operationInputs = {
  string: StringOperationFilterInput,
  boolean: BooleanOperationFilterInput,
  dateTime: DateTimeOperationFilterInput,
  int: IntOperationFilterInput,
} satisfies Record<FilterKind, unknown>;

/** `<Type>FilterInput` with `and`/`or` and one operator input per field a service declares filterable. */
export function filterInputType<Fields extends FilterFields>(typeName: string, fields: Fields) {
  const ref = builder.inputRef<FilterInput<Fields>>(`${typeName}FilterInput`);
  ref.implement({
    fields: (t) => {
      const fieldInputs: InputFieldMap = {
        and: t.field({ type: [ref] }),
        or: t.field({ type: [ref] }),
      };
      for (const [name, field] of Object.entries(fields)) {
        fieldInputs[name] = t.field({ type: operationInputs[field.kind] });
      }
      return fieldInputs as never;
    },
  });
  return ref;
}

/** `<Type>SortInput`: one optional `SortEnumType` per field a service declares sortable (indexed). */
export function sortInputType<Field extends string>(typeName: string, sortable: Record<Field, unknown>) {
  const ref = builder.inputRef<OrderInput<Field>[number]>(`${typeName}SortInput`);
  ref.implement({
    fields: (t) => {
      const fieldInputs: InputFieldMap = {};
      for (const name of Object.keys(sortable)) {
        fieldInputs[name] = t.field({ type: SortEnumType });
      }
      return fieldInputs as never;
    },
  });
  return ref;
}
