// The message catalogs, one JSON file per language and namespace (a namespace per feature folder). English is
// the source: the other languages are typed against its keys, so a key missing in a translation (or left over
// after English dropped it) fails the type check. Plural keys follow i18next's CLDR suffixes: English has
// `_one` and `_other`, Chinese only `_other`, so `_one` keys are optional in the translations.
import enCommon from './locales/en/common.json';
import zhCNCommon from './locales/zh-CN/common.json';
import zhTWCommon from './locales/zh-TW/common.json';
import enAuth from './locales/en/auth.json';
import zhCNAuth from './locales/zh-CN/auth.json';
import zhTWAuth from './locales/zh-TW/auth.json';
import enInputRequired from './locales/en/inputRequired.json';
import zhCNInputRequired from './locales/zh-CN/inputRequired.json';
import zhTWInputRequired from './locales/zh-TW/inputRequired.json';
import enSubscriptions from './locales/en/subscriptions.json';
import zhCNSubscriptions from './locales/zh-CN/subscriptions.json';
import zhTWSubscriptions from './locales/zh-TW/subscriptions.json';
import enServerDetails from './locales/en/serverDetails.json';
import zhCNServerDetails from './locales/zh-CN/serverDetails.json';
import zhTWServerDetails from './locales/zh-TW/serverDetails.json';
import enLog from './locales/en/log.json';
import zhCNLog from './locales/zh-CN/log.json';
import zhTWLog from './locales/zh-TW/log.json';
import enTray from './locales/en/tray.json';
import zhCNTray from './locales/zh-CN/tray.json';
import zhTWTray from './locales/zh-TW/tray.json';
import enCache from './locales/en/cache.json';
import zhCNCache from './locales/zh-CN/cache.json';
import zhTWCache from './locales/zh-TW/cache.json';
import enAnnotations from './locales/en/annotations.json';
import zhCNAnnotations from './locales/zh-CN/annotations.json';
import zhTWAnnotations from './locales/zh-TW/annotations.json';
import enViewer from './locales/en/viewer.json';
import zhCNViewer from './locales/zh-CN/viewer.json';
import zhTWViewer from './locales/zh-TW/viewer.json';

export const english = { common: enCommon, viewer: enViewer, annotations: enAnnotations, cache: enCache, tray: enTray, log: enLog, serverDetails: enServerDetails, subscriptions: enSubscriptions, inputRequired: enInputRequired, auth: enAuth };

type PluralFree<K> = K extends `${string}_one` ? never : K;
/** The shape of a translation of `T`: every key English has, with string values, `_one` plural forms optional. */
type Translation<T> = {
  [K in keyof T as PluralFree<K>]: T[K] extends string ? string : Translation<T[K]>;
} & { [K in keyof T as K extends `${string}_one` ? K : never]?: string };

export type Catalog = typeof english;

const traditionalChinese: Translation<Catalog> = { common: zhTWCommon, viewer: zhTWViewer, annotations: zhTWAnnotations, cache: zhTWCache, tray: zhTWTray, log: zhTWLog, serverDetails: zhTWServerDetails, subscriptions: zhTWSubscriptions, inputRequired: zhTWInputRequired, auth: zhTWAuth };
const simplifiedChinese: Translation<Catalog> = { common: zhCNCommon, viewer: zhCNViewer, annotations: zhCNAnnotations, cache: zhCNCache, tray: zhCNTray, log: zhCNLog, serverDetails: zhCNServerDetails, subscriptions: zhCNSubscriptions, inputRequired: zhCNInputRequired, auth: zhCNAuth };

export const catalogs = { en: english, 'zh-TW': traditionalChinese, 'zh-CN': simplifiedChinese } as const;

export type Language = keyof typeof catalogs;
export const languages = Object.keys(catalogs) as Language[];

/** Each language named in itself, as a language menu shows it. */
export const languageNames: Record<Language, string> = { en: 'English', 'zh-TW': '繁體中文', 'zh-CN': '简体中文' };
