// Decline and Cancel, the same in every mode: decline says "no" to the server, cancel dismisses the request.
import type { InputAnswer } from '../../../shared/contract';

export function DeclineAndCancel({ busy, onAnswer }: { busy: boolean; onAnswer(answer: InputAnswer): void }) {
  return (
    <>
      <button type="button" data-testid="input-decline" disabled={busy} onClick={() => onAnswer({ action: 'decline' })}>
        Decline
      </button>
      <button type="button" data-testid="input-cancel" disabled={busy} onClick={() => onAnswer({ action: 'cancel' })}>
        Cancel
      </button>
    </>
  );
}
