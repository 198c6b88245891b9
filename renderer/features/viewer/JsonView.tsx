// JSON as a collapsible tree; content that does not parse falls back to its text with the parse error.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { allExpanded, collapseAllNested, defaultStyles, JsonView as Tree } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import { withHiddenMarked } from '../../../shared/hidden-characters';
import { TextView } from './TextView';

/** Above this size, expanding everything would build a huge DOM; nested levels start collapsed. */
const expandAllLimit = 50_000;
/** The library's layout, with value colours from the app's stylesheet (readable in light and dark, AA contrast). */
const treeStyles = {
  ...defaultStyles,
  container: `${defaultStyles.container} json-tree`,
  label: 'json-label',
  clickableLabel: `${defaultStyles.clickableLabel} json-label`,
  nullValue: 'json-null',
  undefinedValue: 'json-null',
  numberValue: 'json-number',
  stringValue: 'json-string',
  booleanValue: 'json-boolean',
  otherValue: 'json-other',
  punctuation: `${defaultStyles.punctuation} json-punctuation`
};

/**
 * `value` with the bidirectional controls in its keys and strings written as marks ("[RLO]"), as the text view marks
 * them: the tree renders strings itself. Whatever holds none is returned as it is (Copy and Save use the source).
 */
function markBidiInStrings(value: unknown): unknown {
  if (typeof value === 'string') return withHiddenMarked(value, BIDI_ONLY);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const marked = value.map(markBidiInStrings);
    return marked.some((v, k) => v !== value[k]) ? marked : value;
  }
  const entries = Object.entries(value);
  const marked = entries.map(([key, v]) => [withHiddenMarked(key, BIDI_ONLY), markBidiInStrings(v)] as const);
  return marked.some(([key, v], k) => key !== entries[k][0] || v !== entries[k][1]) ? Object.fromEntries(marked) : value;
}
const BIDI_ONLY = { bidiOnly: true };
/** A bidirectional control in JSON text, raw or as a \u escape: without one, no string of the value holds one. */
const BIDI_IN_JSON = /[\u202a-\u202e\u2066-\u2069]|\\u20(?:2[a-e]|6[6-9])/i;

/** Above this size the tree itself is too heavy; the (sliced, plain) text view is shown instead. */
const treeLimit = 2_000_000;

export function JsonView({ source }: { source: string }) {
  const { t } = useTranslation('viewer');
  const parsed = useMemo(() => {
    if (source.length > treeLimit) return { tooBig: true as const };
    try {
      const value = JSON.parse(source) as unknown;
      // The walk copies every array and object it visits; the source says at once whether there is anything to mark.
      return { value: BIDI_IN_JSON.test(source) ? markBidiInStrings(value) : value };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }, [source]);
  if ('tooBig' in parsed) {
    return (
      <>
        <p className="note">{t('json.tooLarge')}</p>
        <TextView text={source} />
      </>
    );
  }
  if ('error' in parsed) {
    return (
      <>
        <p className="note" role="status">
          {t('json.invalid', { error: parsed.error })}
        </p>
        <TextView text={source} />
      </>
    );
  }
  const value = parsed.value;
  if (value === null || typeof value !== 'object') return <TextView text={source} language="json" />;
  return (
    <div className="json-view">
      <Tree
        data={value as object}
        shouldExpandNode={source.length > expandAllLimit ? collapseAllNested : allExpanded}
        style={treeStyles}
      />
    </div>
  );
}
