import en from '@/locales/en.json';

/**
 * The English catalogue read directly, for the components every page shows before sign-in (the
 * entry layout, the loading bar, the error pages): the same keys and wording as i18next serves, but
 * without loading i18next (18 KB gzipped) on `/`. Signed-in screens use `useTranslation` (lib/i18n).
 */
export const catalogue = en;
