// Turns the params of an `elicitation/create` (pushed by a 2025 server, or embedded in a 2026 input_required
// result) into the plain payload the UI renders. Server content is untrusted: the shape is checked, the
// schema is kept as plain JSON without `$schema`, and a URL-mode link must be http(s) to be offered at all.
import * as z from 'zod';
import type { InputAnswer, InputRequestPayload, JsonObject } from '../../../shared/contract';
import type { ElicitResult } from '@modelcontextprotocol/client';

const maxMessageLength = 10_000;

const jsonObject = z.record(z.string(), z.json());

const formParams = z.object({
  mode: z.literal('form').optional(),
  message: z.string(),
  requestedSchema: z.object({ type: z.literal('object').optional(), properties: jsonObject }).loose()
});

const urlParams = z.object({
  mode: z.literal('url'),
  message: z.string(),
  url: z.string(),
  elicitationId: z.string().optional()
});

class InvalidElicitationError extends Error {
  override readonly name = 'InvalidElicitationError';
}

export function toInputRequestPayload(params: unknown): InputRequestPayload {
  const asUrl = urlParams.safeParse(params);
  if (asUrl.success) {
    const { message, url, elicitationId } = asUrl.data;
    if (!isWebUrl(url)) throw new InvalidElicitationError(`URL-mode elicitation carries a URL that is not http(s): ${url.slice(0, 200)}`);
    return { mode: 'url', message: clip(message), url, ...(elicitationId !== undefined && { elicitationId }) };
  }
  const asForm = formParams.safeParse(params);
  if (!asForm.success) {
    throw new InvalidElicitationError(`Malformed elicitation request: ${z.prettifyError(asForm.error).slice(0, 500)}`);
  }
  const { $schema: _ignored, ...schema } = asForm.data.requestedSchema as JsonObject;
  return { mode: 'form', message: clip(asForm.data.message), requestedSchema: { ...schema, type: 'object' } };
}

function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

function clip(message: string): string {
  return message.length > maxMessageLength ? `${message.slice(0, maxMessageLength)}…` : message;
}

/** The answer the SDK sends back (legacy) or puts into `inputResponses` (modern). */
export function toElicitResult(answer: InputAnswer): ElicitResult {
  if (answer.action !== 'accept') return { action: answer.action };
  return answer.content ? { action: 'accept', content: answer.content } : { action: 'accept' };
}
