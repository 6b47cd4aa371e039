import { test, type Locator, type Page } from '@playwright/test';

interface EveryLookOptions {
  /** The viewport's height at both widths. */
  height: number;
  /** Screenshot this part only, scrolled to the middle of the viewport; the viewport otherwise. */
  part?: Locator;
  /** The whole scrollable page rather than the viewport. */
  fullPage?: boolean;
  /** Checks made in each colour scheme at each width, before its screenshot. */
  check?: () => Promise<void>;
}

/**
 * Shows the page in light and dark at a phone's and a desktop's width (390 and 1440 px), runs `check` in each, and
 * keeps a screenshot of each in the test's output folder (`<name>-<scheme>-<width>.png`) for people to look at. The
 * screenshots finish transitions first, so a colour change in progress never shows. Ends in the light scheme, at the
 * desktop width.
 */
export async function inEveryLook(page: Page, name: string, options: EveryLookOptions): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1440]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: options.height });
      await options.check?.();
      const path = test.info().outputPath(`${name}-${colorScheme}-${width}.png`);
      if (options.part) {
        await options.part.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await options.part.screenshot({ path, animations: 'disabled' });
      } else {
        await page.screenshot({ path, fullPage: options.fullPage, animations: 'disabled' });
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
