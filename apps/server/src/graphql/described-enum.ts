import type { EnumRef } from '@pothos/core';
import { builder } from './builder.js';

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

/** Each value's description, or its internal value (what resolvers return) with the description. */
type ValueDescriptions = Record<string, string | { value: string; description: string }>;

/** What resolvers return for the enum: each value's internal value, else its name. */
type InternalValueOf<Values extends ValueDescriptions> = {
  [Name in keyof Values]: Values[Name] extends { value: infer Internal } ? Internal : Name;
}[keyof Values];

/**
 * An enum type whose values are listed with their descriptions (schema-descriptions.unit.test.ts wants one on
 * every value): `describedEnum('SortEnumType', 'A sort direction.', { ASC: 'Smallest first.', DESC: '…' })`.
 * A value given as a description alone stands for itself in resolvers.
 */
export function describedEnum<const Values extends ValueDescriptions>(
  name: string,
  description: string,
  values: Values,
): EnumRef<BuilderTypes, InternalValueOf<Values>> {
  const valueConfigs = Object.fromEntries(
    Object.entries(values).map(([valueName, value]) => [
      valueName,
      typeof value === 'string' ? { description: value } : value,
    ]),
  );
  return builder.enumType(name, { description, values: valueConfigs }) as EnumRef<
    BuilderTypes,
    InternalValueOf<Values>
  >;
}
