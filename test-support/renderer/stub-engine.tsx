// A stand-in EngineClient for component tests whose subject is the UI, not the engine: each method the test
// names answers with what the test gives, every call is recorded, anything else is refused as unsupported.
// `renderWithEngine` mounts a component inside the providers the app gives it (TanStack Query, the engine).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { EngineCallError, type ClientMethodName, type ClientMethodParams, type ClientMethodResult, type EngineClient } from '../../shared/contract';
import { EngineProvider } from '../../renderer/app/engine-context';

export type StubAnswers = { [M in ClientMethodName]?: (params: ClientMethodParams<M>) => ClientMethodResult<M> | Promise<ClientMethodResult<M>> };

export interface StubEngine extends EngineClient {
  calls: { method: ClientMethodName; params: unknown }[];
}

export function stubEngine(answers: StubAnswers): StubEngine {
  const calls: StubEngine['calls'] = [];
  return {
    mode: 'browser',
    calls,
    async call(method, params) {
      calls.push({ method, params });
      const answer = answers[method] as ((p: typeof params) => unknown) | undefined;
      if (!answer) throw new EngineCallError({ code: 'unsupported', message: `${method} is not answered by this stub` });
      return (await answer(params)) as never;
    },
    on: () => () => undefined
  };
}

export function renderWithEngine(ui: ReactNode, engine: EngineClient, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <QueryClientProvider client={queryClient}>
      <EngineProvider client={engine}>{ui}</EngineProvider>
    </QueryClientProvider>
  );
}
