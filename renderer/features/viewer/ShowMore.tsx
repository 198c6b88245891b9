// "Showing N of M <unit>" with a button to show more; used by views that render large content in slices.
export function ShowMore({ shown, total, unit, onMore }: { shown: number; total: number; unit: string; onMore(): void }) {
  if (total <= shown) return null;
  return (
    <div className="show-more">
      <span>
        Showing {shown.toLocaleString()} of {total.toLocaleString()} {unit}.
      </span>
      <button type="button" onClick={onMore}>
        Show more
      </button>
    </div>
  );
}
