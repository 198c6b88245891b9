// Invalid-params errors that are not "resource not found". The SDK client reads a -32602 whose data is exactly
// `{ uri }` as ResourceNotFoundError, so that shape is kept for missing resources alone (throw
// ResourceNotFoundError for those); every other -32602 names its reason, machine-readably, next to the URI.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

export interface InvalidParamsData {
  uri?: string;
  reason: string;
  [detail: string]: unknown;
}

export function invalidParams(message: string, data: InvalidParamsData): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, message, data);
}
