import type { Page } from '@playwright/test';

/**
 * From now on holds back the answers to the GraphQL operations whose name matches, until `release()` is called
 * (after which they pass at once): what they load stays loading for as long as the journey needs to look at it.
 */
export async function holdOperations(page: Page, operationName: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    const name = (route.request().postDataJSON() as { operationName?: string } | null)?.operationName;
    if (operationName.test(name ?? '')) await released;
    await route.continue();
  });
  return { release };
}
