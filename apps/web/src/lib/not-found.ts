import { notFound } from '@tanstack/react-router';
import { GraphQLRequestError } from './graphql-client';

/** Whether a request failed because the API answered NOT_FOUND (the thing is gone or not visible to the visitor). */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof GraphQLRequestError && error.code === 'NOT_FOUND';
}

/** Awaits a loader's request and turns the API's NOT_FOUND into the router's 404 page. */
export async function orNotFound<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (isNotFoundError(error)) {
      throw notFound();
    }
    throw error;
  }
}
