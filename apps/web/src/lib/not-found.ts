import { notFound } from '@tanstack/react-router';
import { GraphQLRequestError } from './graphql-client';

/** Awaits a loader's request and turns the API's NOT_FOUND into the router's 404 page. */
export async function orNotFound<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === 'NOT_FOUND') {
      throw notFound();
    }
    throw error;
  }
}
