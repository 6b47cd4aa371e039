import shellStrings from '@/locales/en-shell.json';

/**
 * The English strings every page shows before sign-in (the entry layout, the loading bar, the error
 * pages), read directly: the same keys and wording as i18next serves (lib/i18n merges this file into
 * its catalogue), without loading i18next (18 KB gzipped) or the signed-in screens' strings on `/`.
 */
export const catalogue = shellStrings;
