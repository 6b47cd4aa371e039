import { expect, type Page } from '@playwright/test';
import { graphqlWithBearer } from './bearer-graphql.js';

/**
 * Calls the portal's GraphQL API as the user signed in on `page` (their access token from local storage),
 * for journeys that set up data directly and then drive the UI. Fails on any GraphQL error.
 */
export async function graphqlAs<TData>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<TData> {
  const accessToken = await page.evaluate(() => localStorage.getItem('dxp:access_token'));
  expect(accessToken, 'a signed-in page').toBeTruthy();
  const body = await graphqlWithBearer<TData>(page.request, accessToken!, query, variables);
  expect(body.errors, `GraphQL errors for ${query.trim().split('\n')[0]}`).toBeUndefined();
  return body.data as TData;
}

export interface CreatedApplication {
  id: string;
  name: string;
}

/** Adds an application to the catalogue; `admin` is a page signed in as a system administrator. */
export async function createApplication(
  admin: Page,
  input: { name: string; url: string; description?: string; termsLink?: string; termsDate?: string; logoUrl?: string },
): Promise<CreatedApplication> {
  const { createApplication } = await graphqlAs<{ createApplication: CreatedApplication }>(
    admin,
    `mutation CreateApplication($input: CreateApplicationInput!) { createApplication(input: $input) { id name } }`,
    { input },
  );
  return createApplication;
}
