import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

// English only (SPEC.md §1); resources are bundled, so initialisation completes synchronously.
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en'],
  resources: { en: { translation: en } },
  initAsync: false,
  interpolation: { escapeValue: false },
});

export { i18n };
