// `npm run -s conformance-client -- <url>`: lets the official MCP conformance runner
// (@modelcontextprotocol/conformance, its client scenarios; scripts/conformance-client.sh) drive the engine as a
// client. The runner starts a scenario's mock server, then runs this with the server's URL as the last argument
// and MCP_CONFORMANCE_SCENARIO (and, for some scenarios, MCP_CONFORMANCE_CONTEXT: JSON) set. Exit 0 when every
// step succeeded; the runner scores what the mock server saw.
//
// Everything goes through the engine's contract methods, as the app's calls do: connecting (era negotiation,
// transport), resources, templates; tools and prompts, which the app does not browse, through `log.replay` (the
// protocol log's re-send, which sends tools through the SDK's tool methods). The client uses what the server
// declares: resources, prompts and tools only when its capabilities name them. Elicitations are answered
// through `input.answer`, from the requested schema (each field's default, else a value of its type).
//
// Sign-in (the `auth/*` scenarios): a call refused with `unauthorized` signs in and runs again (withSignIn),
// as the CLI does. The authorization URL is followed with a plain HTTP GET: the runner's mock authorization
// server redirects straight to the engine's loopback callback. A client id and secret in the scenario's
// context are the server's configured client; the Client ID Metadata Document URL is the one the runner
// expects (it never fetches it).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppError, InputAnswer, ListResult, PendingInputRequest, ResourceItem } from '../../shared/contract';
import type { OAuthConfig } from '../../shared/contract';
import { withSignIn } from '../engine/auth/with-sign-in';
import { createEngine, type Engine } from '../engine/engine';
import { AppErrorException, appErrorFrom } from '../engine/errors';

const SERVER = 'conformance';
/** The URL-based client id the runner's `auth/basic-cimd` scenario expects. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
/** Per request; the runner's own limit per scenario is 30 s. */
const REQUEST_TIMEOUT_MS = 20_000;
/** A scenario's mock serves a handful of resources; more are not read. */
const MAX_READS = 20;

type Loose = Record<string, unknown>;
type Value = string | number | boolean | string[];

interface ToolCall {
  name: string;
  arguments?: Loose;
}

interface Tool {
  name: string;
  inputSchema?: Loose;
}

const log = (message: string) => process.stderr.write(`[conformance-client] ${message}\n`);
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value for one property of a JSON Schema: its default, else its first allowed value, else one of its type. */
function valueFor(schema: Loose): Value | undefined {
  const { default: fallback, type } = schema;
  if (typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean') return fallback;
  if (Array.isArray(fallback) && fallback.every(v => typeof v === 'string')) return fallback as string[];
  if (Array.isArray(schema.enum) && typeof schema.enum[0] === 'string') return schema.enum[0];
  const option = Array.isArray(schema.oneOf) ? schema.oneOf.find(isObject) : undefined;
  if (option && typeof option.const === 'string') return option.const;
  if (type === 'boolean') return true;
  if (type === 'number' || type === 'integer') return typeof schema.minimum === 'number' ? schema.minimum : 0;
  if (type === 'array') return [];
  if (type === 'string') return 'x'.repeat(typeof schema.minLength === 'number' ? schema.minLength : 0);
  return undefined;
}

/** Values for an object schema: every property with a default, and every required one. */
function valuesFor(schema: unknown): Record<string, Value> {
  const values: Record<string, Value> = {};
  if (!isObject(schema) || !isObject(schema.properties)) return values;
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!isObject(property)) continue;
    if (property.default === undefined && !required.includes(name)) continue;
    const value = valueFor(property);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

function answerFor(pending: PendingInputRequest): InputAnswer {
  return pending.request.mode === 'form' ? { action: 'accept', content: valuesFor(pending.request.requestedSchema) } : { action: 'accept' };
}

/** The tool calls a scenario asks for in its context (`toolCalls`), if any. */
function toolCallsOf(context: Loose): ToolCall[] | undefined {
  if (!Array.isArray(context.toolCalls)) return undefined;
  return context.toolCalls.filter((c): c is ToolCall => isObject(c) && typeof c.name === 'string' && (c.arguments === undefined || isObject(c.arguments)));
}

/** What to call after listing tools, for scenarios that ask for something other than calling each tool once. */
function plannedCalls(scenario: string, tools: Tool[], context: Loose): ToolCall[] {
  const asked = toolCallsOf(context);
  if (asked) return asked;
  // SEP-2106: list only; a client must never fetch the network $ref in a tool's schema.
  if (scenario === 'json-schema-ref-no-deref') return [];
  // SEP-1613: echo the focal tool's schema back as it was received, so the server can see nothing was stripped.
  if (scenario === 'json-schema-2020-12-preservation') {
    const focal = tools.find(t => t.name === 'json_schema_2020_12_tool');
    return focal ? [{ name: 'json_schema_echo', arguments: { schema: focal.inputSchema } }] : [];
  }
  return tools.map(t => ({ name: t.name, arguments: valuesFor(t.inputSchema) }));
}

class Session {
  constructor(private readonly engine: Engine) {}

  call<T>(method: string, params: Loose): Promise<T> {
    return withSignIn(this.engine.auth, SERVER, () => this.engine.host.dispatch(method, params) as Promise<T>);
  }

  /**
   * A request outside what the app browses, sent through the protocol log's replay. An answer the client
   * refuses as invalid (`protocol`: e.g. a 2026 result without `resultType`, which some scenarios send on
   * purpose) is the client doing its job: it is logged and the steps go on. Any other failure ends the run.
   */
  send(method: string, params?: Loose): Promise<Loose> {
    return withSignIn(this.engine.auth, SERVER, async () => {
      const { result, error } = await this.engine.host.dispatch('log.replay', { serverId: SERVER, method, ...(params && { params }) }) as { result?: unknown; error?: AppError };
      if (error?.code === 'protocol') {
        log(`${method}: the answer was refused as invalid: ${error.message}`);
        return {};
      }
      if (error) throw new AppErrorException(error);
      log(`${method} answered`);
      return isObject(result) ? result : {};
    });
  }

  async resources(): Promise<void> {
    const list = await this.call<ListResult<ResourceItem>>('resources.list', { serverId: SERVER });
    log(`resources/list: ${list.items.length} resources in ${list.pages} page(s)`);
    for (const item of list.items.slice(0, MAX_READS)) {
      await this.call('resources.read', { serverId: SERVER, uri: item.uri });
      log(`resources/read ${item.uri}`);
    }
    const templates = await this.call<ListResult<unknown>>('templates.list', { serverId: SERVER });
    log(`resources/templates/list: ${templates.items.length} templates`);
  }

  async prompts(): Promise<void> {
    const { prompts } = await this.send('prompts/list');
    for (const prompt of Array.isArray(prompts) ? prompts.filter(isObject) : []) {
      if (typeof prompt.name !== 'string') continue;
      const args = Array.isArray(prompt.arguments) ? prompt.arguments.filter(isObject) : [];
      const values = Object.fromEntries(args.filter(a => a.required === true && typeof a.name === 'string').map(a => [a.name as string, 'x']));
      await this.send('prompts/get', { name: prompt.name, arguments: values });
    }
  }

  async tools(scenario: string, context: Loose): Promise<void> {
    const { tools } = await this.send('tools/list');
    const listed = (Array.isArray(tools) ? tools : []).filter((t): t is Tool => isObject(t) && typeof t.name === 'string');
    for (const call of plannedCalls(scenario, listed, context)) await this.send('tools/call', { name: call.name, arguments: call.arguments ?? {} });
  }
}

/** The server's sign-in settings from the scenario's context: a pre-registered client, and our metadata document URL. */
function oauthOf(context: Loose): OAuthConfig {
  return {
    clientMetadataUrl: CLIENT_METADATA_URL,
    ...(typeof context.client_id === 'string' && { clientId: context.client_id }),
    ...(typeof context.client_secret === 'string' && { clientSecret: context.client_secret })
  };
}

/** The browser's part: GET the authorization URL; the mock authorization server redirects to our callback. */
async function followAuthorizationUrl(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  log(`authorization URL followed: ${response.status}`);
  await response.body?.cancel();
}

async function run(url: string, scenario: string, context: Loose): Promise<void> {
  // A data dir of its own: no user config is read, and no era verdict or token outlives the run.
  const dir = await mkdtemp(join(tmpdir(), 'mrb-conformance-'));
  const engine = await createEngine({
    configPath: join(dir, 'config.json'),
    dataDir: dir,
    defaults: () => ({ [SERVER]: { type: 'http', url, oauth: oauthOf(context) } }),
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    autoConnect: false,
    reconnect: false,
    auth: { openUrl: url => followAuthorizationUrl(url), signInTimeoutMs: REQUEST_TIMEOUT_MS }
  });
  engine.bus.on('inputRequested', pending => {
    log(`answering an elicitation (${pending.request.mode})`);
    void engine.host.dispatch('input.answer', { id: pending.id, answer: answerFor(pending) });
  });
  try {
    const live = await withSignIn(engine.auth, SERVER, () => engine.registry.get(SERVER).whenReady(REQUEST_TIMEOUT_MS));
    const { capabilities } = live;
    log(`connected: ${live.era} era, capabilities ${Object.keys(capabilities).join(', ') || 'none'}`);
    const session = new Session(engine);
    if (capabilities.resources) await session.resources();
    if (capabilities.prompts) await session.prompts();
    if (capabilities.tools) await session.tools(scenario, context);
  } finally {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function parseContext(raw: string | undefined): Loose {
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  return isObject(parsed) ? parsed : {};
}

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
if (!url || !/^https?:\/\//.test(url)) {
  process.stderr.write('Usage: npm run -s conformance-client -- <server url>  (MCP_CONFORMANCE_SCENARIO and MCP_CONFORMANCE_CONTEXT set by the runner)\n');
  process.exit(2);
}
log(`scenario ${scenario || '(none)'} at ${url}`);
run(url, scenario, parseContext(process.env.MCP_CONFORMANCE_CONTEXT)).then(
  () => process.exit(0),
  (err: unknown) => {
    const error = appErrorFrom(err);
    log(`failed: ${error.code}: ${error.message}`);
    process.exit(1);
  }
);
