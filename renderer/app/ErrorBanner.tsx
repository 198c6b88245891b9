// Visible errors from anywhere in the UI (failed adds, failed saves...), each dismissable.
import { X } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useUiStore } from '../state/ui-store';
import { messageWithHiddenMarked } from '../../shared/hidden-characters';

export function ErrorBanners() {
  const { t } = useTranslation();
  const errors = useUiStore(s => s.errors);
  const dismiss = useUiStore(s => s.dismissError);
  if (errors.length === 0) return null;
  return (
    <div className="error-banners">
      {errors.map(e => (
        <div key={e.id} role="alert" data-testid="error-banner" data-code={e.error.code} className="error-banner">
          <span>
            <Trans t={t} i18nKey="errorBanner.message" values={{ context: e.context, message: messageWithHiddenMarked(e.error.message) }} components={{ strong: <strong /> }} />
          </span>
          <button type="button" aria-label={t('errorBanner.dismiss')} onClick={() => dismiss(e.id)}>
            <X />
          </button>
        </div>
      ))}
    </div>
  );
}
