// Resources that need input before they answer (multi-round-trip `input_required` on resources/read): a vault
// behind a passphrase form, a two-round form, two inputs asked in one round, and a URL-mode elicitation. `requestState` is HMAC-signed with
// an expiry and bound to the method by the codec (app.ts), and to the URI here; anything else is -32602.
// On 2025-era connections the SDK turns the same returns into real elicitation/create requests.
import { inputRequired, inputResponse, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { CACHE, textResult, type ReadOutcome, type ResourceEntry } from './entry';
import { invalidParams } from './errors';

/** 'decline' -> 'declined', 'cancel' -> 'cancelled'. */
const pastTense = (action: 'decline' | 'cancel'): string => (action === 'decline' ? 'declined' : 'cancelled');

export const VAULT_URI = 'ref://input/vault';
export const TWO_ROUND_URI = 'ref://input/two-round';
export const URL_MODE_URI = 'ref://input/url-mode';
const TWO_AT_ONCE_URI = 'ref://input/two-at-once';
export const VAULT_PASSPHRASE = 'open sesame';
export const VAULT_SECRET = 'The treasure is buried under the old oak tree.';
const VAULT_MAX_ATTEMPTS = 3;

type FlowState = { uri: string; step: number; name?: string; colour?: string; nonce?: string };

const Passphrase = z.object({ passphrase: z.string().describe('The vault passphrase') });
const Name = z.object({ name: z.string().min(1).describe('Your name') });
const Colour = z.object({ colour: z.enum(['red', 'green', 'blue']).describe('Favourite colour') });

/** The verified state of this round, after checking it was minted for this URI. */
function stateFor(uri: string, ctx: ServerContext): FlowState | undefined {
  const state = ctx.mcpReq.requestState<FlowState>();
  if (state === undefined) return undefined;
  if (typeof state !== 'object' || state === null || state.uri !== uri) {
    throw invalidParams('requestState was issued for a different resource', { uri, reason: 'request-state-mismatch' });
  }
  return state;
}

export function inputRequiredEntries(codec: RequestStateCodec<unknown>): ResourceEntry[] {
  const mint = (state: FlowState, ctx: ServerContext) => codec.mint(state, ctx);

  const vault = async (uri: string, ctx: ServerContext): Promise<ReadOutcome> => {
    const state = stateFor(uri, ctx);
    const attempts = state?.step ?? 0;
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'passphrase');
    const ask = async (message: string, used: number) => inputRequired({
      inputRequests: { passphrase: inputRequired.elicit({ message, requestedSchema: Passphrase }) },
      requestState: await mint({ uri, step: used }, ctx)
    });
    if (answer.kind !== 'elicit' || state === undefined) return ask('Enter the vault passphrase', 0);
    if (answer.action === 'decline') return textResult(uri, 'text/plain', 'The vault stays locked: the passphrase request was declined.');
    if (answer.action === 'cancel') return textResult(uri, 'text/plain', 'The vault stays locked: the passphrase request was cancelled.');
    const parsed = Passphrase.safeParse(answer.content);
    if (parsed.success && parsed.data.passphrase === VAULT_PASSPHRASE) return textResult(uri, 'text/plain', VAULT_SECRET);
    const used = attempts + 1;
    if (used >= VAULT_MAX_ATTEMPTS) return textResult(uri, 'text/plain', `The vault stays locked after ${used} wrong passphrases.`);
    return ask(`Wrong passphrase. ${VAULT_MAX_ATTEMPTS - used} attempt(s) left.`, used);
  };

  const twoRound = async (uri: string, ctx: ServerContext): Promise<ReadOutcome> => {
    const state = stateFor(uri, ctx);
    const askName = async () => inputRequired({
      inputRequests: { name: inputRequired.elicit({ message: 'Round 1 of 2: what is your name?', requestedSchema: Name }) },
      requestState: await mint({ uri, step: 1 }, ctx)
    });
    if (!state) return askName();
    if (state.step === 1) {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'name');
      if (answer.kind !== 'elicit') return askName();
      if (answer.action !== 'accept') return textResult(uri, 'text/plain', `Stopped at round 1: ${pastTense(answer.action)}.`);
      const parsed = Name.safeParse(answer.content);
      if (!parsed.success) return askName();
      return inputRequired({
        inputRequests: { colour: inputRequired.elicit({ message: `Round 2 of 2: ${parsed.data.name}, pick a colour`, requestedSchema: Colour }) },
        requestState: await mint({ uri, step: 2, name: parsed.data.name }, ctx)
      });
    }
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'colour');
    if (answer.kind === 'elicit' && answer.action !== 'accept') return textResult(uri, 'text/plain', `Stopped at round 2: ${pastTense(answer.action)}.`);
    const parsed = Colour.safeParse(answer.kind === 'elicit' ? answer.content : undefined);
    if (!parsed.success) {
      return inputRequired({
        inputRequests: { colour: inputRequired.elicit({ message: 'Round 2 of 2: pick red, green or blue', requestedSchema: Colour }) },
        requestState: await mint({ uri, step: 2, name: state.name }, ctx)
      });
    }
    return textResult(uri, 'application/json', JSON.stringify({ name: state.name, colour: parsed.data.colour, rounds: 2 }));
  };

  /**
   * Both inputs in one round. A retry that lacks one, or answers it badly, is asked for that one again; the
   * answers already given ride in the state.
   */
  const twoAtOnce = async (uri: string, ctx: ServerContext): Promise<ReadOutcome> => {
    const state = stateFor(uri, ctx);
    const ask = async (keys: Array<'name' | 'colour'>, given: { name?: string; colour?: string }) => inputRequired({
      inputRequests: Object.fromEntries(keys.map(k => [k, k === 'name'
        ? inputRequired.elicit({ message: 'Your name?', requestedSchema: Name })
        : inputRequired.elicit({ message: 'Your favourite colour?', requestedSchema: Colour })])),
      requestState: await mint({ uri, step: 1, ...given }, ctx)
    });
    if (!state) return ask(['name', 'colour'], {});
    const answers = { name: inputResponse(ctx.mcpReq.inputResponses, 'name'), colour: inputResponse(ctx.mcpReq.inputResponses, 'colour') };
    for (const [key, answer] of Object.entries(answers)) {
      if (answer.kind === 'elicit' && answer.action !== 'accept') return textResult(uri, 'text/plain', `Stopped: ${key} ${pastTense(answer.action)}.`);
    }
    const parsedName = Name.safeParse(answers.name.kind === 'elicit' ? answers.name.content : undefined);
    const parsedColour = Colour.safeParse(answers.colour.kind === 'elicit' ? answers.colour.content : undefined);
    const name = parsedName.success ? parsedName.data.name : state.name;
    const colour = parsedColour.success ? parsedColour.data.colour : state.colour;
    if (name === undefined || colour === undefined) {
      return ask([...(name === undefined ? ['name' as const] : []), ...(colour === undefined ? ['colour' as const] : [])], { name, colour });
    }
    return textResult(uri, 'application/json', JSON.stringify({ name, colour }));
  };

  const urlMode = async (uri: string, ctx: ServerContext): Promise<ReadOutcome> => {
    const state = stateFor(uri, ctx);
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'authorize');
    if (!state || answer.kind !== 'elicit') {
      const nonce = randomUUID();
      return inputRequired({
        inputRequests: {
          authorize: inputRequired.elicitUrl({
            message: 'Open this page to authorize access to the resource',
            url: `https://example.com/authorize?request=${nonce}`
          })
        },
        requestState: await mint({ uri, step: 1, nonce }, ctx)
      });
    }
    if (answer.action !== 'accept') return textResult(uri, 'text/plain', `Authorization ${pastTense(answer.action)}; nothing to show.`);
    return textResult(uri, 'text/plain', `Authorized through the browser (request ${state.nonce}).`);
  };

  return [
    {
      meta: {
        uri: VAULT_URI, name: 'vault', title: 'Passphrase vault', mimeType: 'text/plain',
        description: `Asks for a passphrase (form elicitation) before revealing its content; the passphrase is "${VAULT_PASSPHRASE}"`,
        annotations: { audience: ['user'], priority: 1 }
      },
      cache: CACHE.noStore,
      read: vault
    },
    {
      meta: {
        uri: TWO_ROUND_URI, name: 'two-round', title: 'Two-round form', mimeType: 'application/json',
        description: 'Asks for a name, then for a colour, then answers with both'
      },
      cache: CACHE.noStore,
      read: twoRound
    },
    {
      meta: {
        uri: TWO_AT_ONCE_URI, name: 'two-at-once', title: 'Two inputs at once', mimeType: 'application/json',
        description: 'Asks for a name and a colour in one round, then answers with both'
      },
      cache: CACHE.noStore,
      read: twoAtOnce
    },
    {
      meta: {
        uri: URL_MODE_URI, name: 'url-mode', title: 'URL-mode authorization', mimeType: 'text/plain',
        description: 'Asks the user to open a URL (URL-mode elicitation) before answering'
      },
      cache: CACHE.noStore,
      read: urlMode
    }
  ];
}
