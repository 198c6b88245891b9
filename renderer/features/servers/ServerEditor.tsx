// Editing a server: loads its stored entry (secrets redacted) and opens the server form prefilled.
import { useTranslation } from 'react-i18next';
import { callErrorOf } from '../../api/call-error';
import { FormProblem } from './FormProblem';
import { ServerForm } from './ServerForm';
import { useServerConfigEntry } from './use-server-config';

export function ServerEditor({ serverId, onDone }: { serverId: string; onDone(): void }) {
  const { t } = useTranslation('servers');
  const entry = useServerConfigEntry(serverId);
  if (entry.isError) {
    const error = callErrorOf(entry.error);
    return <FormProblem problem={{ code: error.code, message: t('form.loadFailed', { message: error.message }) }} />;
  }
  if (!entry.data) return null;
  return <ServerForm editing={{ serverId, entry: entry.data }} onDone={onDone} />;
}
