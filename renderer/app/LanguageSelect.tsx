// The language override (`language-select`): follow the OS, or one of the catalog languages. Each language is
// named in itself, so a reader finds their own whatever the page shows now.
import { useTranslation } from 'react-i18next';
import { languageNames } from '../i18n/catalogs';
import { useSystemLanguages } from '../i18n/use-language';
import { languagePreferences, systemLanguage, useLanguageStore, type LanguagePreference } from '../state/language-store';

export function LanguageSelect() {
  const { t } = useTranslation();
  const preference = useLanguageStore(s => s.preference);
  const setPreference = useLanguageStore(s => s.setPreference);
  const system = systemLanguage(useSystemLanguages());
  return (
    <select
      className="language-select"
      data-testid="language-select"
      aria-label={t('language.label')}
      value={preference}
      onChange={e => setPreference(e.target.value as LanguagePreference)}
    >
      {languagePreferences.map(option => (
        <option key={option} value={option}>
          {option === 'system' ? t('language.system', { language: languageNames[system] }) : languageNames[option]}
        </option>
      ))}
    </select>
  );
}
