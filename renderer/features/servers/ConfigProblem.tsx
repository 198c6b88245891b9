// The config file's problems, when the engine could not use it or some of its servers: where the file is, what is
// wrong with it, and that it is kept as it is. The engine reads it again when it is saved (and Reload does at once),
// without restarting the app.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { messageWithHiddenMarked } from '../../../shared/hidden-characters';
import { callErrorOf } from '../../api/call-error';
import { useEngine } from '../../app/engine-context';
import { queryKeys } from '../../queries/keys';
import { announce } from '../../app/toasts/Toasts';

/** The config file's problems as the engine reports them (`config.get`), or undefined when it took the file whole. */
export function useConfigProblem(): { path: string; error: string } | undefined {
  const engine = useEngine();
  const config = useQuery({ queryKey: queryKeys.config(), queryFn: () => engine.call('config.get', {}), staleTime: Infinity });
  const view = config.data;
  return view?.error ? { path: view.path, error: view.error } : undefined;
}

/** Reads the config file again (`config.reload`); says so when the file was taken whole, else the banner says why not. */
export function useConfigReload() {
  const { t } = useTranslation('servers');
  const engine = useEngine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => engine.call('config.reload', {}),
    onSuccess: view => {
      queryClient.setQueryData(queryKeys.config(), view);
      void queryClient.invalidateQueries({ queryKey: queryKeys.servers() });
      if (!view.error) announce(t('configProblem.reloaded'));
    }
  });
}

/** Says when the config file was changed elsewhere and applied; when it could not be, the notice says why. */
export function useConfigChangedNotice(): void {
  const { t } = useTranslation('servers');
  const engine = useEngine();
  useEffect(
    () =>
      engine.on('configChanged', view => {
        if (!view.error) announce(t('configProblem.changedOnDisk'));
      }),
    [engine, t]
  );
}

export function ConfigProblem({ problem }: { problem: { path: string; error: string } }) {
  const { t } = useTranslation('servers');
  const reload = useConfigReload();
  return (
    <div role="alert" className="config-problem" data-testid="config-error">
      <p>
        <strong>{t('configProblem.title')}</strong>
        {/* Named once: the engine's message often starts with the path itself. */}
        {!problem.error.includes(problem.path) && (
          <>
            {' '}
            <code className="config-problem-path">{problem.path}</code>
          </>
        )}
      </p>
      <p className="config-problem-detail">{messageWithHiddenMarked(problem.error)}</p>
      <p>{t('configProblem.kept')}</p>
      <button type="button" data-testid="config-reload" onClick={() => reload.mutate()} disabled={reload.isPending}>
        {reload.isPending ? t('configProblem.reloading') : t('configProblem.reload')}
      </button>
      {reload.isError && <p className="config-problem-detail">{t('configProblem.reloadFailed', { message: callErrorOf(reload.error).message })}</p>}
    </div>
  );
}
