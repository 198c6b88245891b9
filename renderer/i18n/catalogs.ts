// The message catalogs, one JSON file per language and namespace (a namespace per feature folder). English is
// the source: the other languages are typed against its keys, so a key missing in a translation (or left over
// after English dropped it) fails the type check. Plural keys follow i18next's CLDR suffixes: English has
// `_one` and `_other`, Chinese only `_other`, so `_one` keys are optional in the translations.
import enCommon from './locales/en/common.json';
import zhCNCommon from './locales/zh-CN/common.json';
import zhTWCommon from './locales/zh-TW/common.json';
import enServers from './locales/en/servers.json';
import zhCNServers from './locales/zh-CN/servers.json';
import zhTWServers from './locales/zh-TW/servers.json';
import enShell from './locales/en/shell.json';
import zhCNShell from './locales/zh-CN/shell.json';
import zhTWShell from './locales/zh-TW/shell.json';
import enPalette from './locales/en/palette.json';
import zhCNPalette from './locales/zh-CN/palette.json';
import zhTWPalette from './locales/zh-TW/palette.json';

import enPicker from './locales/en/picker.json';
import zhCNPicker from './locales/zh-CN/picker.json';
import zhTWPicker from './locales/zh-TW/picker.json';
import enTemplates from './locales/en/templates.json';
import zhCNTemplates from './locales/zh-CN/templates.json';
import zhTWTemplates from './locales/zh-TW/templates.json';

export const english = { common: enCommon, picker: enPicker, templates: enTemplates, servers: enServers, shell: enShell, palette: enPalette };

type PluralFree<K> = K extends `${string}_one` ? never : K;
/** The shape of a translation of `T`: every key English has, with string values, `_one` plural forms optional. */
type Translation<T> = {
  [K in keyof T as PluralFree<K>]: T[K] extends string ? string : Translation<T[K]>;
} & { [K in keyof T as K extends `${string}_one` ? K : never]?: string };

export type Catalog = typeof english;

const traditionalChinese: Translation<Catalog> = { common: zhTWCommon, picker: zhTWPicker, templates: zhTWTemplates, servers: zhTWServers, shell: zhTWShell, palette: zhTWPalette };
const simplifiedChinese: Translation<Catalog> = { common: zhCNCommon, picker: zhCNPicker, templates: zhCNTemplates, servers: zhCNServers, shell: zhCNShell, palette: zhCNPalette };

export const catalogs = { en: english, 'zh-TW': traditionalChinese, 'zh-CN': simplifiedChinese } as const;

export type Language = keyof typeof catalogs;
export const languages = Object.keys(catalogs) as Language[];

/** Each language named in itself, as a language menu shows it. */
export const languageNames: Record<Language, string> = { en: 'English', 'zh-TW': '繁體中文', 'zh-CN': '简体中文' };
