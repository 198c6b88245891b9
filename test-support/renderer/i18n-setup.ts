// Vitest setup for every test file: the renderer's i18next instance, in English, as the page has it before
// its first render. Component tests then see the English catalog's messages, and a missing key fails loudly.
import { initI18n } from '../../renderer/i18n/i18n';

initI18n('en');
