import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { nodePostgresAddFields, skipObjectRowTemplateOfArrayRows } from './array-row-fields.js';

const INT4 = 23;
const TEXT = 25;
const TIMESTAMPTZ = 1184;
const BOOL = 16;

const descriptionsOf = (columns: [string, number][]) =>
  columns.map(([name, dataTypeID], columnID) => ({
    name,
    tableID: 1,
    columnID,
    dataTypeID,
    dataTypeSize: -1,
    dataTypeModifier: -1,
    format: 'text',
  }));
const columns = descriptionsOf([
  ['id', INT4],
  ['name', TEXT],
  ['created_at', TIMESTAMPTZ],
  ['is_admin', BOOL],
]);
const rowData = ['7', 'Ada', '2026-12-07 03:00:00+00', 't'];
/** As Drizzle passes them: its own parsers for dates, node-postgres' for the rest. */
const keepDatesAsText = (value: unknown) => value;
const drizzleLikeTypes = {
  getTypeParser: (dataTypeID: number, format: string): ((value: string) => unknown) =>
    dataTypeID === TIMESTAMPTZ ? keepDatesAsText : (pg.types.getTypeParser(dataTypeID, format as 'text') as never),
};

type ResultWithFields = pg.Result & {
  addFields(descriptions: unknown[]): void;
  parseRow(rowData: unknown[]): unknown;
};
const newResult = (rowMode: 'array' | undefined, types?: typeof drizzleLikeTypes) =>
  new (pg.Result as unknown as new (rowMode?: string, types?: unknown) => ResultWithFields)(rowMode, types);

describe('array rows without the object row template', () => {
  skipObjectRowTemplateOfArrayRows();

  it.each([
    ['default parsers', undefined],
    ["Drizzle's parsers", drizzleLikeTypes],
  ])('leave an array result as node-postgres does, but for the unused template (%s)', (_label, types) => {
    const ours = newResult('array', types);
    const theirs = newResult('array', types);
    ours.addFields(columns);
    nodePostgresAddFields.call(theirs as never, columns);

    const { _prebuiltEmptyResultObject: template, ...theirState } = theirs as unknown as Record<string, unknown>;
    expect(template).toEqual({ id: null, name: null, created_at: null, is_admin: null });
    expect({ ...ours }).toEqual({ ...theirState, _prebuiltEmptyResultObject: null });
    expect(ours.parseRow(rowData)).toEqual([7, 'Ada', types ? rowData[2] : new Date('2026-12-07T03:00:00Z'), true]);
    expect(ours.parseRow(rowData)).toEqual(theirs.parseRow(rowData));
  });

  it('leave rows read as objects to node-postgres', () => {
    const result = newResult(undefined);
    result.addFields(columns);
    expect(result.parseRow(rowData)).toEqual({
      id: 7,
      name: 'Ada',
      created_at: new Date('2026-12-07T03:00:00Z'),
      is_admin: true,
    });
  });

  it('take the next row description of a result, as node-postgres does for several statements', () => {
    const result = newResult('array');
    result.addFields(columns);
    result.addFields(descriptionsOf([['total', INT4]]));
    expect(result.fields).toHaveLength(1);
    expect(result.parseRow(['42'])).toEqual([42]);
  });
});
