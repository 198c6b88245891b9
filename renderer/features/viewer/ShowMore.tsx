// "Showing N of M rows/characters" with a button to show more; used by views that render large content in slices.
import { useTranslation } from 'react-i18next';

export function ShowMore({ shown, total, unit, onMore }: { shown: number; total: number; unit: 'rows' | 'characters'; onMore(): void }) {
  const { t } = useTranslation('viewer');
  if (total <= shown) return null;
  return (
    <div className="show-more">
      <span>{t(`showMore.${unit}`, { shown, count: total })}</span>
      <button type="button" onClick={onMore}>
        {t('showMore.button')}
      </button>
    </div>
  );
}
