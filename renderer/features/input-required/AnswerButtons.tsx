// Decline and Cancel, the same in every mode: decline says "no" to the server, cancel dismisses the request.
import { useTranslation } from 'react-i18next';
import type { InputAnswer } from '../../../shared/contract';

export function DeclineAndCancel({ busy, onAnswer }: { busy: boolean; onAnswer(answer: InputAnswer): void }) {
  const { t } = useTranslation('inputRequired');
  return (
    <>
      <button type="button" data-testid="input-decline" disabled={busy} onClick={() => onAnswer({ action: 'decline' })}>
        {t('decline')}
      </button>
      <button type="button" data-testid="input-cancel" disabled={busy} onClick={() => onAnswer({ action: 'cancel' })}>
        {t('cancel')}
      </button>
    </>
  );
}
