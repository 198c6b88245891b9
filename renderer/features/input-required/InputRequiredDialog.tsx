// The input-required dialog: one server request at a time (others wait in line), with which server and
// resource asks, the round out of the cap, and Accept / Decline / Cancel. Mounted once as an overlay.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { InputAnswer, PendingInputRequest } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { Modal, focusFirstControl } from '../../app/Modal';
import { callErrorOf } from '../../api/call-error';
import { UrlElicitation } from './UrlElicitation';
import { usePendingInputs } from './use-pending-inputs';
import './input-required.css';
import { ServerText } from '../server-text/ServerText';

// The form (rjsf and its JSON-schema validator) loads the first time a server asks for form input.
const ElicitationForm = lazy(() => import('./ElicitationForm').then(m => ({ default: m.ElicitationForm })));

/** Runs `run` once the Suspense boundary around it shows its loaded content. */
function WhenShown({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

export function InputRequiredDialog() {
  const pending = usePendingInputs();
  const current = pending[0];
  if (!current) return null;
  return <RequestDialog key={current.id} request={current} waiting={pending.length - 1} />;
}

function RequestDialog({ request, waiting }: { request: PendingInputRequest; waiting: number }) {
  const { t } = useTranslation('inputRequired');
  const engine = useEngine();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = `input-title-${request.id}`;

  // Again once the lazily loaded form is shown (the Modal focused what there was when it opened).
  const focusForm = useCallback(() => focusFirstControl(dialog.current), []);

  const answer = (value: InputAnswer) => {
    setBusy(true);
    setError(null);
    engine.call('input.answer', { id: request.id, answer: value }).then(
      result => {
        // Not accepted: the request was already answered or withdrawn; its inputResolved event closes us.
        if (!result.accepted) setError(t('noLongerWaiting'));
      },
      err => {
        setBusy(false);
        setError(callErrorOf(err).message);
      }
    );
  };

  return (
    <Modal
      urgent
      labelledBy={titleId}
      dialogRef={dialog}
      data-testid="input-required-dialog"
      data-server-id={request.serverId}
      data-uri={request.uri}
      data-round={request.round}
      data-mode={request.request.mode}
      onEscape={() => {
        if (!busy) answer({ action: 'cancel' });
      }}
    >
      <h2 id={titleId}>{t('title')}</h2>
      <p className="input-origin">
        {request.uri ? (
          <Trans t={t} i18nKey="asksBeforeReading" values={{ server: request.serverId, uri: request.uri }} components={{ strong: <strong />, code: <code /> }} />
        ) : (
          <strong>{request.serverId}</strong>
        )}
        <span className="input-round" data-testid="input-round">
          {t('round', { round: request.round, max: request.maxRounds })}
        </span>
        {waiting > 0 && <span className="input-queue">{t('waiting', { count: waiting })}</span>}
      </p>
      {/* Server text: rendered as plain text, never as markup. */}
      <p className="input-message">
        <ServerText text={request.request.message} />
      </p>
      {request.request.mode === 'form' ? (
        <Suspense fallback={<p className="note">{t('loadingForm')}</p>}>
          <ElicitationForm requestId={request.id} requestedSchema={request.request.requestedSchema} busy={busy} onAnswer={answer} />
          <WhenShown run={focusForm} />
        </Suspense>
      ) : (
        <UrlElicitation url={request.request.url} busy={busy} onAnswer={answer} />
      )}
      {error && (
        <p role="alert" className="input-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
