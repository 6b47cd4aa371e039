import { expect, test } from '@playwright/test';
import { signUpThroughPages } from './support/accounts.js';

test('ASVS V3.4.3, V3.4.6 – pages carry a strict Content-Security-Policy and a whole sign-up journey violates none of it', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push(message.text());
  });

  const response = await page.goto('/');
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'(;|$)/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toMatch(/connect-src 'self'(;|$)/);
  expect(response!.headers()['x-content-type-options']).toBe('nosniff');

  await signUpThroughPages(page);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  expect(violations).toEqual([]);
});
