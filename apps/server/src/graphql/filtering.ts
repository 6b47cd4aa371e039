import type { EnumRef, InputFieldMap, InputObjectRef } from '@pothos/core';
import type { FilterFields, FilterInput, FilterKind } from '../db/filter-conditions.js';
import type { OrderInput } from '../db/keyset-pagination.js';
import { builder } from './builder.js';
import { describedEnum } from './described-enum.js';

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

export const SortEnumType = describedEnum('SortEnumType', 'A sort direction.', {
  ASC: 'Smallest, earliest or A first.',
  DESC: 'Largest, latest or Z first.',
});

const likeNote = 'ignoring case; % and _ match themselves.';

const StringOperationFilterInput = builder.inputType('StringOperationFilterInput', {
  description: 'Conditions on a text; every condition given must hold.',
  fields: (t) => ({
    eq: t.string({ description: 'Equals this text exactly.' }),
    neq: t.string({ description: 'Differs from this text.' }),
    contains: t.string({ description: `Contains this text, ${likeNote}` }),
    ncontains: t.string({ description: `Does not contain this text, ${likeNote}` }),
    startsWith: t.string({ description: `Starts with this text, ${likeNote}` }),
    endsWith: t.string({ description: `Ends with this text, ${likeNote}` }),
    in: t.stringList({ description: 'Equals one of these texts.' }),
    nin: t.stringList({ description: 'Equals none of these texts.' }),
  }),
});

const IdOperationFilterInput = builder.inputType('IdOperationFilterInput', {
  description: 'Conditions on an id; every condition given must hold.',
  fields: (t) => ({
    eq: t.id({ description: 'Equals this id.' }),
    in: t.idList({ description: 'Equals one of these ids.' }),
  }),
});

const BooleanOperationFilterInput = builder.inputType('BooleanOperationFilterInput', {
  description: 'Conditions on a yes-or-no value.',
  fields: (t) => ({
    eq: t.boolean({ description: 'Equals this value.' }),
    neq: t.boolean({ description: 'Differs from this value.' }),
  }),
});

const DateTimeOperationFilterInput = builder.inputType('DateTimeOperationFilterInput', {
  description: 'Conditions on a date and time; every condition given must hold.',
  fields: (t) => ({
    eq: t.field({ type: 'DateTime', description: 'At exactly this moment.' }),
    neq: t.field({ type: 'DateTime', description: 'At any other moment.' }),
    gt: t.field({ type: 'DateTime', description: 'After this moment.' }),
    gte: t.field({ type: 'DateTime', description: 'At or after this moment.' }),
    lt: t.field({ type: 'DateTime', description: 'Before this moment.' }),
    lte: t.field({ type: 'DateTime', description: 'At or before this moment.' }),
    in: t.field({ type: ['DateTime'], description: 'At one of these moments.' }),
    nin: t.field({ type: ['DateTime'], description: 'At none of these moments.' }),
  }),
});

const IntOperationFilterInput = builder.inputType('IntOperationFilterInput', {
  description: 'Conditions on a whole number; every condition given must hold.',
  fields: (t) => ({
    eq: t.int({ description: 'Equals this number.' }),
    neq: t.int({ description: 'Differs from this number.' }),
    gt: t.int({ description: 'Greater than this number.' }),
    gte: t.int({ description: 'This number or greater.' }),
    lt: t.int({ description: 'Less than this number.' }),
    lte: t.int({ description: 'This number or less.' }),
    in: t.intList({ description: 'Equals one of these numbers.' }),
    nin: t.intList({ description: 'Equals none of these numbers.' }),
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
    description: `Conditions on a \`${enumName}\` value; every condition given must hold.`,
    fields: (t) => ({
      eq: t.field({ type: enumType, description: 'Equals this value.' }),
      neq: t.field({ type: enumType, description: 'Differs from this value.' }),
      in: t.field({ type: [enumType], description: 'Equals one of these values.' }),
      nin: t.field({ type: [enumType], description: 'Equals none of these values.' }),
    }),
  });
}

/**
 * `<Type>FilterInput` with `and`/`or` and one operator input per field a service declares filterable;
 * `inputOverrides` names another operator input for a field (an enum's, say).
 */
function filterInputType<Fields extends FilterFields>(
  typeName: string,
  fields: Fields,
  inputOverrides: Partial<Record<keyof Fields, InputObjectRef<BuilderTypes, unknown>>> = {},
) {
  const ref = builder.inputRef<FilterInput<Fields>>(`${typeName}FilterInput`);
  ref.implement({
    description: `Which \`${typeName}\` items a list returns; every condition given must hold.`,
    fields: (t) => {
      const fieldInputs: InputFieldMap = {
        and: t.field({ type: [ref], description: 'Every one of these filters holds.' }),
        or: t.field({ type: [ref], description: 'At least one of these filters holds.' }),
      };
      for (const [name, field] of Object.entries(fields)) {
        fieldInputs[name] = t.field({
          type: inputOverrides[name] ?? operationInputs[field.kind],
          description: `Conditions on \`${name}\`.`,
        });
      }
      return fieldInputs as never;
    },
  });
  return ref;
}

/** `<Type>SortInput`: one optional `SortEnumType` per field a service declares sortable (indexed). */
function sortInputType<Field extends string>(typeName: string, sortable: Record<Field, unknown>) {
  const ref = builder.inputRef<OrderInput<Field>[number]>(`${typeName}SortInput`);
  ref.implement({
    description: `One key of a \`${typeName}\` list's \`order\`: set one field per entry; earlier entries sort first.`,
    fields: (t) => {
      const fieldInputs: InputFieldMap = {};
      for (const name of Object.keys(sortable)) {
        fieldInputs[name] = t.field({ type: SortEnumType, description: `Sorts by \`${name}\`.` });
      }
      return fieldInputs as never;
    },
  });
  return ref;
}

/**
 * The `where` and `order` arguments of a filtered list's fields: makes `<Type>FilterInput` and `<Type>SortInput`
 * from the fields its service declares filterable and sortable (`defineFilteredList`), and answers the arguments
 * of one field, its `where` described by `which` ('Which members to list.').
 */
export function listArgumentsOf<Fields extends FilterFields, SortField extends string>(
  typeName: string,
  list: { filterFields: Fields; sortFields: Record<SortField, unknown> },
  filterInputOverrides: Partial<Record<keyof Fields, InputObjectRef<BuilderTypes, unknown>>> = {},
) {
  const filterInput = filterInputType(typeName, list.filterFields, filterInputOverrides);
  const sortInput = sortInputType(typeName, list.sortFields);
  return (which: string) =>
    builder.args((t) => ({
      where: t.field({ type: filterInput, description: which }),
      order: t.field({ type: [sortInput], description: 'Sort keys, the first deciding first.' }),
    }));
}
