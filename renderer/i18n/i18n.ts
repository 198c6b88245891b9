// The app's i18next instance. Catalogs are bundled (no loading step), so the first render already has its
// strings. A key with no message is reported, never shown silently: it is logged as an error, which the e2e
// app fixture fails the test on.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogs, type Catalog, type Language } from './catalogs';
import { registerFormatters } from './format';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Catalog;
  }
}

export function initI18n(language: Language): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: catalogs,
    lng: language,
    fallbackLng: false,
    defaultNS: 'common',
    ns: Object.keys(catalogs.en),
    // React escapes what it renders; escaping here too would show `&amp;` for a server named "A&B".
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (lngs, ns, key) => {
      console.error(`[i18n] no message for ${ns}:${key} in ${lngs.join(', ')}`);
    }
  });
  registerFormatters(i18next);
  return i18next;
}
