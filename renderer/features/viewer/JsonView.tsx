// JSON as a collapsible tree; content that does not parse falls back to its text with the parse error.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { allExpanded, collapseAllNested, defaultStyles, JsonView as Tree } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
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

/** Above this size the tree itself is too heavy; the (sliced, plain) text view is shown instead. */
const treeLimit = 2_000_000;

export function JsonView({ source }: { source: string }) {
  const { t } = useTranslation('viewer');
  const parsed = useMemo(() => {
    if (source.length > treeLimit) return { tooBig: true as const };
    try {
      return { value: JSON.parse(source) as unknown };
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
