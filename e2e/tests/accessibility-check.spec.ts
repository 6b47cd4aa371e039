import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility.js';

/**
 * The journeys' accessibility check runs only axe's rules that can report a serious or critical violation: these prove
 * that it still fails on one, and that what it leaves out could only have been moderate or minor.
 */
test.describe('the accessibility check', () => {
  test('fails on a serious violation and passes a page whose only findings are moderate', async ({ page }) => {
    // No landmark (`region`, moderate) and no level-one heading (`page-has-heading-one`, moderate).
    await page.setContent('<!doctype html><html lang="en"><title>Check</title><body><p>Plain text</p></body></html>');
    await expectNoSeriousAccessibilityViolations(page);

    // A button without a name (`button-name`, critical) and grey on white text (`color-contrast`, serious).
    await page.setContent(
      '<!doctype html><html lang="en"><title>Check</title><body><main><h1>Check</h1><button></button>' +
        '<p style="color:#ccc;background:#fff">Faint</p></main></body></html>',
    );
    const failure = await expectNoSeriousAccessibilityViolations(page).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).toContain('button-name');
    expect(failure).toContain('color-contrast');
  });
});
