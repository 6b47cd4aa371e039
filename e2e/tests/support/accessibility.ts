import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical axe-core violation on the current page. */
export async function expectNoSeriousAccessibilityViolations(page: Page): Promise<void> {
  // Mid-animation colours (a toast fading in) would be judged instead of the ones people read.
  // Endless ones (spinners, skeleton pulses) are left alone.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}
