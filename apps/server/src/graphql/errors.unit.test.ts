import { GraphQLError } from 'graphql';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { toClientError } from './errors.js';

const request = { requestId: 'request-1', logger: pino({ level: 'silent' }) };
const fromResolver = (cause: Error) => new GraphQLError(cause.message, { path: ['field'], originalError: cause });

describe('API8:2023 security misconfiguration (ASVS V16.5.1) – toClientError', () => {
  it('keeps the code and safe details of a product error', () => {
    const error = toClientError(
      fromResolver(new AppError('DUPLICATE_VALUE', 'Taken', { field: 'friendlyId' })),
      request,
    );
    expect(error.message).toBe('Taken');
    expect(error.extensions).toEqual({ code: 'DUPLICATE_VALUE', field: 'friendlyId' });
    expect(error.path).toEqual(['field']);
  });

  it('turns a zod failure into INVALID_REQUEST with a message per field', () => {
    const parsed = z.object({ name: z.string().min(3, 'Too short') }).safeParse({ name: 'a' });
    const error = toClientError(fromResolver(parsed.error!), request);
    expect(error.extensions).toEqual({ code: 'INVALID_REQUEST', fields: { name: ['Too short'] } });
  });

  it('masks anything else, keeping only the request id', () => {
    const error = toClientError(
      fromResolver(new Error('relation "users" does not exist at select * from users')),
      request,
    );
    expect(error.message).toBe('Unexpected error');
    expect(error.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', requestId: 'request-1' });
  });

  it('leaves GraphQL’s own request errors as they are', () => {
    const validation = new GraphQLError('Cannot query field "x" on type "Query".');
    expect(toClientError(validation, request)).toBe(validation);
  });
});
