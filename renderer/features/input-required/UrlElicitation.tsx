// URL mode: the server wants the user to visit a page (sign-in, payment…). The URL is shown in full before
// anything opens, and only an explicit click opens it (through the vetted shell.openExternal).
import { useState } from 'react';
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
  const engine = useEngine();
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const host = safeHost(url);
  const open = () =>
    engine.call('shell.openExternal', { url }).then(
      result => {
        setOpened(result.opened);
        if (!result.opened) setError('The link was not opened: it did not pass the safety check.');
      },
      err => setError(callErrorOf(err).message)
    );
  return (
    <div className="url-elicitation">
      <p>
        The server asks you to open a page{host && <> on <strong>{host}</strong></>}:
      </p>
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
          Open in browser
        </button>
        <button type="button" data-testid="input-accept" disabled={busy} onClick={() => onAnswer({ action: 'accept' })}>
          {opened ? 'I have finished there' : 'Continue'}
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
