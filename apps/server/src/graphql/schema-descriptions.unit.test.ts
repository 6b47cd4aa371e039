import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from './schema.js';

/** Every coordinate (`Type`, `Type.field`, `Type.field(argument:)`, `Enum.VALUE`) of our own schema without a description. */
function undescribedCoordinates(): string[] {
  const missing: string[] = [];
  const check = (coordinate: string, description: string | null | undefined) => {
    if (!description?.trim()) missing.push(coordinate);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    check(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        check(`${type.name}.${field.name}`, field.description);
        for (const argument of field.args) {
          check(`${type.name}.${field.name}(${argument.name}:)`, argument.description);
        }
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) check(`${type.name}.${field.name}`, field.description);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description);
    }
  }
  return missing;
}

describe('schema descriptions', () => {
  it('describes every type, field, argument, input field and enum value, so a client can learn the API from it', () => {
    expect(undescribedCoordinates()).toEqual([]);
  });
});
