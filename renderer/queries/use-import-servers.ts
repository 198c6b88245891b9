// Importing servers from Claude Desktop / Cursor / VS Code files: the files found on this machine, and the
// import call itself.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MethodParams } from '../../shared/contract';
import { useEngine } from '../app/engine-context';
import { queryKeys } from './keys';

/** Asked afresh each time the dialog opens: the user may just have installed or configured an app. */
export function useImportCandidates() {
  const engine = useEngine();
  return useQuery({
    queryKey: queryKeys.importCandidates(),
    queryFn: () => engine.call('config.importCandidates', {}),
    staleTime: 0
  });
}

export function useImportServers() {
  const engine = useEngine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: MethodParams<'config.import'>) => engine.call('config.import', params),
    // Each imported server also arrives as a serverState event; refetching the list covers events that a
    // dropped browser-mode socket lost in between.
    onSuccess: result => {
      if (result.imported.length) void queryClient.invalidateQueries({ queryKey: queryKeys.servers() });
    }
  });
}
