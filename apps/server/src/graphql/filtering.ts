import type { EnumRef, InputFieldMap, InputObjectRef } from '@pothos/core';
import type { FilterFields, FilterInput, FilterKind } from '../db/filter-conditions.js';
import type { OrderInput } from '../db/keyset-pagination.js';
import { builder } from './builder.js';

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

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

const IdOperationFilterInput = builder.inputType('IdOperationFilterInput', {
  fields: (t) => ({ eq: t.id(), in: t.idList() }),
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
  id: IdOperationFilterInput,
  boolean: BooleanOperationFilterInput,
  dateTime: DateTimeOperationFilterInput,
  int: IntOperationFilterInput,
} satisfies Record<FilterKind, unknown>;

/** `<Enum>OperationFilterInput` (`eq neq in nin`), for a field whose values are an enum's; pass it to `filterInputType`. */
export function enumOperationFilterInput(enumType: EnumRef<BuilderTypes, string, string>, enumName: string) {
  return builder.inputType(`${enumName}OperationFilterInput`, {
    fields: (t) => ({
      eq: t.field({ type: enumType }),
      neq: t.field({ type: enumType }),
      in: t.field({ type: [enumType] }),
      nin: t.field({ type: [enumType] }),
    }),
  });
}

/**
 * `<Type>FilterInput` with `and`/`or` and one operator input per field a service declares filterable;
 * `inputOverrides` names another operator input for a field (an enum's, say).
 */
export function filterInputType<Fields extends FilterFields>(
  typeName: string,
  fields: Fields,
  inputOverrides: Partial<Record<keyof Fields, InputObjectRef<BuilderTypes, unknown>>> = {},
) {
  const ref = builder.inputRef<FilterInput<Fields>>(`${typeName}FilterInput`);
  ref.implement({
    fields: (t) => {
      const fieldInputs: InputFieldMap = {
        and: t.field({ type: [ref] }),
        or: t.field({ type: [ref] }),
      };
      for (const [name, field] of Object.entries(fields)) {
        fieldInputs[name] = t.field({ type: inputOverrides[name] ?? operationInputs[field.kind] });
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
