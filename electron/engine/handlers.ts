// Each engine feature contributes the contract methods it implements as a handler map.
// api.ts merges the maps and validates params at the boundary before a handler runs.
import type { MethodName, MethodResult, ParsedParams } from '../../shared/contract';

export type Handler<M extends MethodName> = (params: ParsedParams<M>) => Promise<MethodResult<M>>;

export type HandlerMap<M extends MethodName = MethodName> = { [K in M]: Handler<K> };
