// URL mode: the server wants the user to visit a page (sign-in, payment…). The URL is shown in full before
// anything opens, and only an explicit click opens it (through the vetted shell.openExternal).
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DeclineAndCancel } from './AnswerButtons';
import type { InputAnswer } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';

interface Props {
  url: string;
  busy: boolean;
  onAnswer(answer: InputAnswer): void;
}

export function UrlElicitation({ url, busy, onAnswer }: Props) {
  const { t } = useTranslation('inputRequired');
  const engine = useEngine();
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const host = safeHost(url);
  const open = () =>
    engine.call('shell.openExternal', { url }).then(
      result => {
        setOpened(result.opened);
        if (!result.opened) setError(t('url.notOpened'));
      },
      err => setError(callErrorOf(err).message)
    );
  return (
    <div className="url-elicitation">
      <p>{host ? <Trans t={t} i18nKey="url.asksOnHost" values={{ host }} components={{ strong: <strong /> }} /> : t('url.asks')}</p>
      <code data-testid="input-url" className="input-url">
        {url}
      </code>
      {error && (
        <p role="alert" className="input-error">
          {error}
        </p>
      )}
      <div className="input-actions">
        <button type="button" data-testid="input-open-url" onClick={() => void open()}>
          {t('url.open')}
        </button>
        <button type="button" data-testid="input-accept" disabled={busy} onClick={() => onAnswer({ action: 'accept' })}>
          {opened ? t('url.finished') : t('url.continue')}
        </button>
        <DeclineAndCancel busy={busy} onAnswer={onAnswer} />
      </div>
    </div>
  );
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
