// Bounds of an event-interest message, apart from its zod schema (envelope.ts) so the sandboxed preload
// can check them without bundling zod.
/** Most names one interest message may carry (there are far fewer event names; this only caps abuse). */
export const MAX_EVENT_INTEREST_NAMES = 200;
/** Longest event name an interest message may carry. */
export const MAX_EVENT_NAME_LENGTH = 100;
