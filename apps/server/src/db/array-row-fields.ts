import pg from 'pg';

/** What `pg.Result` keeps of a row description; node-postgres' own names (lib/result.js). */
interface ResultState {
  rowAsArray: boolean;
  fields: unknown[];
  _parsers: ((value: unknown) => unknown)[] | undefined;
  _types: TypeParsers | undefined;
}

interface TypeParsers {
  getTypeParser(dataTypeID: number, format: string): (value: unknown) => unknown;
}

interface FieldDescription {
  dataTypeID: number;
  format?: string;
}

type AddFields = (this: ResultState, fieldDescriptions: FieldDescription[]) => void;

const resultPrototype = pg.Result.prototype as unknown as { addFields: AddFields };
const objectRowAddFields = resultPrototype.addFields;

/**
 * `addFields` as node-postgres has it, without the template of an object row it builds for every row description: a
 * row read as an array (Drizzle reads every row so, `rowMode: 'array'`) never uses the template, and building it, one
 * dictionary of the column names spread into a new object each time a prepared statement runs, cost more than the
 * rest of reading a small result (docs/decisions/0147-repeat-requests-skip-work-their-shape-decided.md). Rows read as
 * objects keep node-postgres' own code.
 */
function arrayRowAddFields(this: ResultState, fieldDescriptions: FieldDescription[]): void {
  if (!this.rowAsArray) return objectRowAddFields.call(this, fieldDescriptions);
  this.fields = fieldDescriptions;
  if (fieldDescriptions.length) this._parsers = new Array<(value: unknown) => unknown>(fieldDescriptions.length);
  const types = this._types ?? (pg.types as TypeParsers);
  for (let index = 0; index < fieldDescriptions.length; index++) {
    const description = fieldDescriptions[index]!;
    this._parsers![index] = types.getTypeParser(description.dataTypeID, description.format || 'text');
  }
}

/** Makes node-postgres skip the object row template for rows read as arrays, in this process; idempotent. */
export function skipObjectRowTemplateOfArrayRows(): void {
  resultPrototype.addFields = arrayRowAddFields;
}

/** node-postgres' own `addFields`, for the test that compares the two. */
export const nodePostgresAddFields = objectRowAddFields;
