// The message catalogs, one JSON file per language and namespace (a namespace per feature folder), gathered per
// language in locales/<language>.ts. English is the source: the other languages are typed against its keys, so a key
// missing in a translation fails the type check (catalogs.test.ts also catches left-overs). Plural keys follow i18next's CLDR
// suffixes: English has `_one` and `_other`, Chinese only `_other`, so `_one` keys are optional in the translations.
import english from './locales/en';
import simplifiedChineseMessages from './locales/zh-CN';
import traditionalChineseMessages from './locales/zh-TW';

export { english };

type PluralFree<K> = K extends `${string}_one` ? never : K;
/** The shape of a translation of `T`: every key English has, with string values, `_one` plural forms optional. */
type Translation<T> = {
  [K in keyof T as PluralFree<K>]: T[K] extends string ? string : Translation<T[K]>;
} & { [K in keyof T as K extends `${string}_one` ? K : never]?: string };

export type Catalog = typeof english;

const traditionalChinese: Translation<Catalog> = traditionalChineseMessages;
const simplifiedChinese: Translation<Catalog> = simplifiedChineseMessages;

export const catalogs = { en: english, 'zh-TW': traditionalChinese, 'zh-CN': simplifiedChinese } as const;

export type Language = keyof typeof catalogs;
export const languages = Object.keys(catalogs) as Language[];

/** Each language named in itself, as a language menu shows it. */
export const languageNames: Record<Language, string> = { en: 'English', 'zh-TW': '繁體中文', 'zh-CN': '简体中文' };
