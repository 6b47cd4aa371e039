import type { Locator, Page } from '@playwright/test';

/**
 * A toast, by its text: an item of the toasts' region. Not `getByRole('status')`: that is Radix's copy of the text for
 * screen readers, which lasts one second, so a check that polls a little late misses it. `includeHidden`, because a
 * toast raised while a dialog is open sits under the dialog's `aria-hidden` until the dialog closes.
 */
export function toast(page: Page, text: string | RegExp): Locator {
  return page
    .getByRole('region', { name: 'Messages (F8)', includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: text });
}
