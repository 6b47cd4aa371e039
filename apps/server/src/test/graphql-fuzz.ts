import {
  astFromValue,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLNamedOutputType,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isEnumType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  print,
} from 'graphql';

/** A seeded pseudo-random source (mulberry32), so a seed regenerates the same sequence of requests. */
export interface Random {
  /** In [0, 1). */
  float(): number;
  /** In [0, maxExclusive). */
  int(maxExclusive: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const float = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (maxExclusive: number) => Math.floor(float() * maxExclusive);
  return {
    float,
    int,
    chance: (probability) => float() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)]!;
    },
  };
}

/** Selections stop at this depth (a root field is depth 1). */
const MAX_SELECTION_DEPTH = 4;
const HUGE_STRING_LENGTH = 100_000;

const pageSizes = [0, 1, 3, 100, 101, -1, -5, 1e6, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1.5, 1e308];

const hostileStrings = [
  '',
  ' ',
  'a',
  '0',
  '-1',
  'null',
  'undefined',
  'true',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '1); DELETE FROM teams; --',
  '%_\\',
  '%',
  '_',
  '\\',
  '"',
  "'",
  '`',
  '$1',
  '${7*7}',
  '{{7*7}}',
  '%s%s%n',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'a\uD83Db',
  '🦄',
  '👩‍👩‍👧‍👦',
  '\u202Eevil.exe',
  'مرحبا بالعالم',
  'שלום',
  '\u200B',
  '\uFEFF',
  'Z̴̧̛a̵̢l̷g̶o̸',
  'ﷺ',
  '\r\n',
  '\t',
  'NaN',
  'Infinity',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://127.0.0.1:1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]:1/',
  'http://localhost:1/',
  'http://0x7f000001/',
  'file:///etc/passwd',
  'https://',
  'mailto:a@b',
  'a@b',
  '@',
  'fuzz@example.test',
  'TeamOwner',
  'TeamMember',
  '2026-11-21',
  '2026-11-21T10:00:00.000Z',
];

const dateTimes = [
  '2026-11-21T10:00:00.000Z',
  '1970-01-01T00:00:00Z',
  '2026-11-21',
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '2026-02-30T00:00:00Z',
  '2026-13-45T99:99:99Z',
  'yesterday',
  '',
  '1',
];

const dates = [
  '2026-11-21',
  '0001-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  '20261121',
  '2026-11-21T10:00:00Z',
];

/** Values sent where the schema wants something else. */
function wrongValue(random: Random): unknown {
  switch (random.int(12)) {
    case 0:
      return hostileString(random, () => []);
    case 1:
      return random.pick(pageSizes);
    case 2:
      return random.chance(0.5);
    case 3:
      return null;
    case 4:
      return {};
    case 5:
      return [];
    case 6:
      return {
        [random.pick(['a', 'id', 'isSystemAdmin', 'role'])]: random.pick([1, 'x', true, null]),
      };
    case 7:
      return nest(200, (inner) => ({ a: inner }), 'deep');
    case 8:
      return nest(200, (inner) => [inner], 'deep');
    case 9:
      return Array.from({ length: 1000 }, (_, index) => index);
    case 10:
      return JSON.parse(
        '{"__proto__": {"isSystemAdmin": true, "role": "TeamOwner"}, "constructor": {"prototype": {"x": 1}}}',
      );
    default:
      return [hostileString(random, () => []), 1, null];
  }
}

function nest(levels: number, wrap: (inner: unknown) => unknown, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = wrap(value);
  return value;
}

function randomBytes(random: Random, length: number): Buffer {
  return Buffer.from(Array.from({ length }, () => random.int(256)));
}

function randomUuid(random: Random): string {
  const hex = randomBytes(random, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** A string of random UTF-16 code units, lone surrogates and control characters included. */
function randomCodeUnits(random: Random, length: number): string {
  return String.fromCharCode(...Array.from({ length }, () => random.int(0x10000)));
}

/** A real cursor's order with forged values: passes the base64 and shape checks, so the values reach the parser. */
function forgedCursor(random: Random, knownValues: readonly string[]): string | undefined {
  const cursors = knownValues.flatMap((value) => {
    try {
      const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
      return decoded && typeof decoded === 'object' && 'order' in decoded && 'values' in decoded ? [decoded] : [];
    } catch {
      return [];
    }
  });
  if (cursors.length === 0) return undefined;
  const { order, values } = random.pick(cursors) as {
    order: unknown;
    values: unknown[];
  };
  const forgedValues = values.map((value) =>
    random.chance(0.5)
      ? value
      : random.pick([
          '2026-13-45 99:99:99+00',
          '2026-02-30T00:00:00Z',
          '9999999999',
          '-9999999999',
          '99999999999999999999',
          'ffffffff-ffff-ffff-ffff-ffffffffffff',
          'true',
          "' OR 1=1 --",
          '\u0000',
          1,
          null,
        ]),
  );
  return Buffer.from(
    JSON.stringify({
      order,
      values: random.chance(0.1) ? [...forgedValues, 'extra'] : forgedValues,
    }),
  ).toString('base64url');
}

function hostileString(random: Random, knownValues: () => readonly string[]): string {
  const known = knownValues();
  const roll = random.float();
  if (roll < 0.25 && known.length > 0) {
    const value = random.pick(known);
    return random.chance(0.85)
      ? value
      : random.pick([`${value}' OR 1=1 --`, value.toUpperCase(), ` ${value}`, `${value}\u0000`]);
  }
  if (roll < 0.3) return forgedCursor(random, known) ?? randomBytes(random, 1 + random.int(40)).toString('base64');
  if (roll < 0.35) return randomBytes(random, 1 + random.int(60)).toString(random.chance(0.5) ? 'base64' : 'base64url');
  if (roll < 0.4) return randomUuid(random);
  if (roll < 0.45) return randomCodeUnits(random, 1 + random.int(30));
  if (roll < 0.48)
    return random.pick(['x', '🦄', "'", '\u0000', 'é']).repeat(random.pick([256, 1001, HUGE_STRING_LENGTH]));
  return random.pick(hostileStrings);
}

function jsonValue(random: Random, depth: number): unknown {
  if (depth > 3 || random.chance(0.4)) return random.pick([null, true, 0, -1.5, 'x', '\u0000', '🦄']);
  return random.chance(0.5)
    ? { key: jsonValue(random, depth + 1), other: jsonValue(random, depth + 1) }
    : [jsonValue(random, depth + 1)];
}

function scalarValue(random: Random, name: string, knownValues: () => readonly string[]): unknown {
  switch (name) {
    case 'Int':
    case 'Float':
      return random.chance(0.8) ? random.pick(pageSizes) : random.pick([-0.5, 0.1, 42, -(2 ** 31) - 1]);
    case 'Boolean':
      return random.chance(0.5);
    case 'DateTime':
      return random.chance(0.85) ? random.pick(dateTimes) : hostileString(random, knownValues);
    case 'Date':
      return random.chance(0.85) ? random.pick(dates) : hostileString(random, knownValues);
    case 'JSON':
      return jsonValue(random, 0);
    default:
      return hostileString(random, knownValues);
  }
}

/** `{ and: [{ and: [ … ] }] }` through a field of the type that holds the type itself. */
function selfNestedValue(type: GraphQLInputObjectType, levels: number): unknown {
  const selfField = Object.values(type.getFields()).find((field) => getNamedType(field.type) === type);
  if (!selfField) return undefined;
  const wrapsList = isListType(isNonNullType(selfField.type) ? selfField.type.ofType : selfField.type);
  return nest(levels, (inner) => ({ [selfField.name]: wrapsList ? [inner] : inner }), {});
}

function inputValue(
  random: Random,
  type: GraphQLInputType,
  depth: number,
  knownValues: () => readonly string[],
): unknown {
  if (random.chance(0.06)) return wrongValue(random);
  if (isNonNullType(type)) return random.chance(0.04) ? null : inputValue(random, type.ofType, depth, knownValues);
  if (random.chance(0.08)) return null;
  if (isListType(type)) {
    const item = () => inputValue(random, type.ofType, depth + 1, knownValues);
    if (random.chance(0.1)) return item();
    if (random.chance(0.02)) return Array.from({ length: 1000 }, () => random.pick([null, 'x', 1, {}]));
    return Array.from({ length: random.int(4) }, item);
  }
  if (isEnumType(type)) {
    const names = type.getValues().map((value) => value.name);
    if (random.chance(0.8)) return random.pick(names);
    return random.pick([
      '',
      random.pick(names).toLowerCase(),
      'ASC DESC',
      '__proto__',
      0,
      hostileString(random, knownValues),
    ]);
  }
  if (isScalarType(type)) return scalarValue(random, type.name, knownValues);
  if (random.chance(0.03)) {
    const deep = selfNestedValue(type, random.pick([20, 150]));
    if (deep) return deep;
  }
  const value: Record<string, unknown> = {};
  for (const field of Object.values(type.getFields())) {
    const required = isNonNullType(field.type);
    if (depth > 6 ? !required : !random.chance(required ? 0.95 : 0.4)) continue;
    value[field.name] = inputValue(random, field.type, depth + 1, knownValues);
  }
  if (random.chance(0.05)) value[random.pick(['isSystemAdmin', 'role', 'ownerId', 'unknownField'])] = true;
  return value;
}

/** The value as a GraphQL literal, typed when it fits the type, else spelled as JSON-like syntax. */
function literal(value: unknown, type: GraphQLInputType): string {
  try {
    const ast = astFromValue(value, type);
    if (ast) return print(ast);
  } catch {
    // A custom scalar's serialize refused the value: spell it generically below.
  }
  return untypedLiteral(value);
}

function untypedLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(untypedLiteral).join(' ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${key}: ${untypedLiteral(item)}`)
    .join(' ')}}`;
}

const wrongVariableTypes = ['String', 'Int', 'Boolean', '[Int]', 'ID!', '[String!]!', 'JSON', 'NoSuchType', 'Float!'];

/** One operation under construction: its variable declarations, their values and its fragments. */
interface OperationDraft {
  declarations: string[];
  variables: Record<string, unknown>;
  fragments: string[];
  nextName: number;
}

function argumentsText(
  random: Random,
  draft: OperationDraft,
  args: readonly GraphQLArgument[],
  knownValues: () => readonly string[],
): string {
  const parts: string[] = [];
  for (const arg of args) {
    if (!random.chance(isNonNullType(arg.type) ? 0.97 : 0.5)) continue;
    const value = inputValue(random, arg.type, 0, knownValues);
    if (random.chance(0.15)) {
      parts.push(`${arg.name}: ${literal(value, arg.type)}`);
      continue;
    }
    const name = `v${draft.nextName++}`;
    const declaredType = random.chance(0.08) ? random.pick(wrongVariableTypes) : String(arg.type);
    if (random.chance(0.98)) draft.declarations.push(`$${name}: ${declaredType}`);
    if (random.chance(0.97)) draft.variables[name] = value;
    parts.push(`${arg.name}: $${name}`);
  }
  return parts.length ? `(${parts.join(', ')})` : '';
}

function selectionText(
  random: Random,
  schema: GraphQLSchema,
  draft: OperationDraft,
  type: GraphQLNamedOutputType,
  depth: number,
  knownValues: () => readonly string[],
): string {
  if (isAbstractType(type)) {
    const member = random.pick(schema.getPossibleTypes(type));
    return `__typename ... on ${member.name} { ${selectionText(random, schema, draft, member, depth, knownValues)} }`;
  }
  if (!isObjectType(type)) return '__typename';
  const fields = Object.values(type.getFields());
  const eligible =
    depth >= MAX_SELECTION_DEPTH ? fields.filter((field) => isLeafType(getNamedType(field.type))) : fields;
  if (eligible.length === 0) return '__typename';
  const chosen = new Set(Array.from({ length: 1 + random.int(3) }, () => random.pick(eligible)));
  const selections = [...chosen].map((field) => fieldText(random, schema, draft, field, depth, knownValues));
  if (random.chance(0.1)) selections.push('__typename');
  const body = selections.join(' ');
  if (random.chance(0.05)) {
    const fragmentName = `F${draft.nextName++}`;
    draft.fragments.push(`fragment ${fragmentName} on ${type.name} { ${body} }`);
    return `...${fragmentName}`;
  }
  return body;
}

function fieldText(
  random: Random,
  schema: GraphQLSchema,
  draft: OperationDraft,
  field: GraphQLField<unknown, unknown>,
  depth: number,
  knownValues: () => readonly string[],
): string {
  const alias = random.chance(0.1) ? `a${draft.nextName++}: ` : '';
  const args = argumentsText(random, draft, field.args, knownValues);
  let directive = '';
  if (random.chance(0.04)) {
    const name = `v${draft.nextName++}`;
    draft.declarations.push(`$${name}: Boolean!`);
    draft.variables[name] = random.pick([true, false, null, 'yes', 1]);
    directive = ` @${random.pick(['include', 'skip'])}(if: $${name})`;
  }
  const type = getNamedType(field.type);
  const selection = isLeafType(type)
    ? ''
    : ` { ${selectionText(random, schema, draft, type, depth + 1, knownValues)} }`;
  return `${alias}${field.name}${args}${directive}${selection}`;
}

const brokenDocuments = [
  '',
  ' ',
  '{',
  '}',
  'query',
  'query {',
  '{ __typename }',
  '{ __schema { queryType { name } } }',
  'subscription { me { id } }',
  'query A { me { id } } query B { me { id } }',
  'query ($a: Int = "x") { me { id } }',
  'query { me { ...Missing } }',
  'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }',
  'mutation { me { id } }',
  '\u0000',
  '\uFEFF{ me { id } }',
  '# only a comment',
  '"""unterminated',
  '{ me { id } } trailing garbage',
  `{ ${Array.from({ length: 30 }, (_, index) => `a${index}: me { id }`).join(' ')} }`,
  `{ me ${'@skip(if: false) '.repeat(30)}{ id } }`,
  `${'{ me '.repeat(20)}${'}'.repeat(20)}`,
  `${'{'.repeat(3000)}${'}'.repeat(3000)}`,
  `{ ${'me { id } '.repeat(500)}}`,
];

const nonStringQueries = [123, null, {}, [], true, ['{ me { id } }']];

export interface FuzzerOptions {
  /**
   * Whether a root field (`Query.me`) has been executed, that is its document passed parsing, validation and
   * variable coercion. Read again for every document, so what the caller learns steers the documents it asks for next.
   */
  isExecuted?: (rootField: string) => boolean;
}

/** The share of documents whose first root field is the next one not yet executed, when any is left. */
const PENDING_FIELD_SHARE = 0.5;

export interface FuzzRequest {
  /** The raw POST /graphql body: usually a JSON GraphQL request, sometimes not JSON at all. */
  body: string;
  /** `Query.me`, `Mutation.addTeam`, …: the root fields of a well-formed document, empty for a broken one. */
  rootFields: string[];
}

/**
 * Request bodies for POST /graphql: documents walked from `schema` (every Query and Mutation field,
 * selections up to depth 4, arguments as variables or literals with right- and wrong-typed hostile
 * values), broken documents, odd operation names and bodies that are not a GraphQL request at all.
 * `knownValues` are real ids and cursors, so some values reach the services instead of stopping at a lookup.
 */
export function createGraphqlFuzzer(
  schema: GraphQLSchema,
  random: Random,
  knownValues: () => readonly string[],
  { isExecuted = () => false }: FuzzerOptions = {},
): () => FuzzRequest {
  const roots = [schema.getQueryType(), schema.getMutationType()].filter((root): root is GraphQLObjectType => !!root);
  const allRootFields = roots.flatMap((root) => Object.values(root.getFields()).map((field) => ({ root, field })));
  let pendingTurn = 0;

  /** Half the documents go round-robin over the root fields not yet executed, the rest as chance picks. */
  function firstRootField() {
    const pending = allRootFields.filter(({ root, field }) => !isExecuted(`${root.name}.${field.name}`));
    if (pending.length > 0 && random.chance(PENDING_FIELD_SHARE)) return pending[pendingTurn++ % pending.length]!;
    const root = random.pick(roots);
    return { root, field: random.pick(Object.values(root.getFields())) };
  }

  function operation() {
    const { root, field: firstField } = firstRootField();
    const kind = root === schema.getMutationType() ? 'mutation' : 'query';
    const draft: OperationDraft = {
      declarations: [],
      variables: {},
      fragments: [],
      nextName: 1,
    };
    const rootFields = Object.values(root.getFields());
    const chosenFields = random.chance(0.85) ? [firstField] : [firstField, random.pick(rootFields)];
    const fields = chosenFields.map((field) => fieldText(random, schema, draft, field, 1, knownValues));
    const name = `Fuzz${random.int(1000)}`;
    const declarations = draft.declarations.length ? `(${draft.declarations.join(', ')})` : '';
    const query = [`${kind} ${name}${declarations} { ${fields.join(' ')} }`, ...draft.fragments].join('\n');
    return {
      query,
      name,
      variables: draft.variables,
      rootFieldNames: rootFields.map((field) => field.name),
      rootFields: chosenFields.map((field) => `${root.name}.${field.name}`),
    };
  }

  function mangled(query: string, rootFieldNames: string[]): string {
    switch (random.int(4)) {
      case 0:
        return query.slice(0, random.int(query.length));
      case 1: {
        const at = random.int(query.length + 1);
        return `${query.slice(0, at)}${random.pick(['{', '}', '(', ')', '$', '!', '@', ':', '"', '#', '...', '\u0000'])}${query.slice(at)}`;
      }
      case 2: {
        // A near miss of a real field name: graphql-js would answer "Did you mean …?".
        const fieldName = random.pick(rootFieldNames);
        return `{ ${fieldName.slice(0, -1)} ${fieldName}x }`;
      }
      default:
        return random.pick(brokenDocuments);
    }
  }

  return () => {
    const { query, name, variables, rootFieldNames, rootFields } = operation();
    const roll = random.float();
    if (roll < 0.01 && Object.keys(variables).length > 0) {
      // Nested far deeper than JSON.stringify can go, so written as text.
      const levels = random.pick([5_000, 100_000]);
      const [opening, closing] = random.pick([
        ['{"and":[', ']}'],
        ['[', ']'],
        ['{"a":', '}'],
      ]);
      const deep = `${opening.repeat(levels)}{}${closing.repeat(levels)}`;
      const [first, ...rest] = Object.keys(variables);
      const others = JSON.stringify(Object.fromEntries(rest.map((key) => [key, variables[key]]))).slice(1, -1);
      const body = `{"query":${JSON.stringify(query)},"variables":{"${first}":${deep}${others ? `,${others}` : ''}}}`;
      return { body, rootFields };
    }
    if (roll < 0.03) {
      const body = random.pick([
        '{"query":',
        'not json',
        JSON.stringify([{ query }]),
        JSON.stringify(query),
        'null',
        '[]',
        `{"query": ${JSON.stringify(query)}, "query": "{ me { id } }"}`,
        JSON.stringify({ query: `{ me { id } } #${'x'.repeat(1_100_000)}` }),
      ]);
      return { body, rootFields: [] };
    }
    const payload: Record<string, unknown> = { query };
    const isWellFormed = roll >= 0.15;
    if (roll < 0.06) payload.query = random.pick(nonStringQueries);
    else if (!isWellFormed) payload.query = mangled(query, rootFieldNames);
    const variablesRoll = random.float();
    if (variablesRoll < 0.9) payload.variables = variables;
    else if (variablesRoll < 0.96) payload.variables = random.pick([null, 'x', [], [variables], 1]);
    const nameRoll = random.float();
    if (nameRoll < 0.75) payload.operationName = name;
    else if (nameRoll < 0.9)
      payload.operationName = random.pick([`${name}x`, '', 'Fuzz', '__proto__', hostileString(random, knownValues)]);
    else if (nameRoll < 0.95) payload.operationName = random.pick([null, 1, {}, [name]]);
    if (random.chance(0.02))
      payload.extensions = {
        persistedQuery: {
          version: 1,
          sha256Hash: randomBytes(random, 32).toString('hex'),
        },
      };
    return {
      body: JSON.stringify(payload),
      rootFields: isWellFormed ? rootFields : [],
    };
  };
}
