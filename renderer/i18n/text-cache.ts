// Texts that components rendering on every keystroke make, cached per language. A picker row re-renders with
// another item on each keystroke, and the same few badge values ("P 0.50" and the titles) recur from row to row.
// In the 10k typing profile (bench/scale-profile.ts --typing), i18next's lookups and formatting plus
// react-i18next's useTranslation (which runs readiness checks on every call) took about 1 ms of each keystroke.
// These hooks read the language from i18next directly and re-render on a change of it.
import i18next, { type Namespace } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';

/** Distinct texts kept per language and namespace; past this the cache starts over (dates can be all distinct). */
const MAX_TEXTS = 4096;

type FixedT<Ns extends Namespace> = ReturnType<typeof i18next.getFixedT<Ns>>;

const caches = new Map<string, Map<string, string>>();

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}
const currentLanguage = () => i18next.language;

/** The language i18next shows now; the component re-renders when it changes. */
export function useShownLanguage(): string {
  return useSyncExternalStore(subscribe, currentLanguage);
}

/** `make()` for `key`, made once per language and namespace (and `kind` of cache). */
function useCachedTexts<Ns extends Namespace, R>(ns: Ns, kind: string, wrap: (t: FixedT<Ns>, cached: (key: string, make: () => string) => string) => R): R {
  const language = useShownLanguage();
  return useMemo(() => {
    const cacheKey = `${language}\u0000${String(ns)}\u0000${kind}`;
    let texts = caches.get(cacheKey);
    if (!texts) caches.set(cacheKey, (texts = new Map()));
    const cache = texts;
    const cached = (key: string, make: () => string): string => {
      let text = cache.get(key);
      if (text === undefined) {
        if (cache.size >= MAX_TEXTS) cache.clear();
        text = make();
        cache.set(key, text);
      }
      return text;
    };
    return wrap(i18next.getFixedT<Ns>(language, ns), cached);
    // `wrap` is the same code on every call (the hooks below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, ns, kind]);
}

/** `text(key, make)`: the text `make` gives for `key`, made once per language (`key` must name every value used). */
export function useTextCache<Ns extends Namespace>(ns: Ns): (key: string, make: (t: FixedT<Ns>) => string) => string {
  return useCachedTexts(ns, 'made', (t, cached) => (key: string, make: (t: FixedT<Ns>) => string) => cached(key, () => make(t)));
}

/**
 * A `t` for components that render on every keystroke: a message without values is looked up once per language;
 * one with values is made as `t` makes it.
 */
export function useCachedT<Ns extends Namespace>(ns: Ns): FixedT<Ns> {
  return useCachedTexts(ns, 'static', (t, cached) => {
    const translate = t as unknown as (...args: unknown[]) => string;
    const cachedT = (key: unknown, ...rest: unknown[]): string =>
      rest.length > 0 || typeof key !== 'string' ? translate(key, ...rest) : cached(key, () => translate(key));
    // The same function as `t` to every caller: only its cost differs.
    return cachedT as unknown as FixedT<Ns>;
  });
}
