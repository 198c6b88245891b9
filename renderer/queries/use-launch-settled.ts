import { useQuery } from '@tanstack/react-query';
import { useEngine } from '../app/engine-context';
import { queryKeys } from './keys';

/**
 * Whether the launch's local servers have all had their first attempt at connecting (`app.launchSettled`, asked
 * once): until then a shown last known list is not listed again (electron/engine/connections/launch-settled.ts).
 * An engine that cannot say does not hold the lists back.
 */
export function useLaunchSettled(): boolean {
  const engine = useEngine();
  return (
    useQuery({
      queryKey: queryKeys.launchSettled(),
      queryFn: () => engine.call('app.launchSettled', {}),
      staleTime: Infinity,
      retry: false
    }).status !== 'pending'
  );
}
