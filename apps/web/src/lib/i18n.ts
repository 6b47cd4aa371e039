import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import shellStrings from '@/locales/en-shell.json';

/** The whole English catalogue: the signed-in screens' strings and those the pages before sign-in read directly. */
const translation = { ...shellStrings, ...en };

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof translation };
  }
}

// English only (docs/spec.md §1); resources are bundled, so initialisation completes synchronously.
// Components import `useTranslation` from here, not from react-i18next, so i18next is initialised in
// whichever lazily loaded chunk first needs it and stays out of the start-up bundle (lib/catalogue.ts
// serves the screens of `/`).
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en'],
  resources: { en: { translation } },
  initAsync: false,
  interpolation: { escapeValue: false },
});

export { i18n };
export { Trans, useTranslation } from 'react-i18next';
