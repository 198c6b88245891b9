// Visible errors from anywhere in the UI (failed adds, failed saves...), each dismissable.
import { X } from 'lucide-react';
import { useUiStore } from '../state/ui-store';

export function ErrorBanners() {
  const errors = useUiStore(s => s.errors);
  const dismiss = useUiStore(s => s.dismissError);
  if (errors.length === 0) return null;
  return (
    <div className="error-banners">
      {errors.map(e => (
        <div key={e.id} role="alert" data-testid="error-banner" data-code={e.error.code} className="error-banner">
          <span>
            <strong>{e.context}:</strong> {e.error.message}
          </span>
          <button type="button" aria-label="Dismiss error" onClick={() => dismiss(e.id)}>
            <X />
          </button>
        </div>
      ))}
    </div>
  );
}
