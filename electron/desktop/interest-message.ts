// What the preload lets cross the event-interest channel: event names only. Zod-free on purpose, so the
// sandboxed preload stays small; the main process validates the message again with the contract schema.
import type { EventInterestEnvelope } from '../../shared/contract';
import { MAX_EVENT_INTEREST_NAMES, MAX_EVENT_NAME_LENGTH } from '../../shared/contract/event-interest-limits';

/**
 * The interest message for `names`: a fresh array holding only the strings, within the contract's bounds.
 * Anything else throws a TypeError in the page that made the call, before it reaches IPC.
 */
export function interestMessage(names: unknown): EventInterestEnvelope {
  if (!Array.isArray(names) || names.length > MAX_EVENT_INTEREST_NAMES) {
    throw new TypeError(`setEventInterest expects an array of at most ${MAX_EVENT_INTEREST_NAMES} event names`);
  }
  const copy: string[] = [];
  for (const name of names as unknown[]) {
    if (typeof name !== 'string' || name.length > MAX_EVENT_NAME_LENGTH) {
      throw new TypeError(`setEventInterest expects event names (strings of at most ${MAX_EVENT_NAME_LENGTH} characters)`);
    }
    copy.push(name);
  }
  return { type: 'events', names: copy };
}
