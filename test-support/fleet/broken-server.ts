// A deliberately broken MCP server over stdio, for isolation tests and the bench. It speaks raw
// JSON-RPC lines (no SDK), answering the 2025 handshake (`server/discover` is refused, so the engine
// falls back to `initialize`) and then misbehaving as `--mode` says:
//   healthy      answers resources/list (`--resources N`) and resources/read normally
//   exit-after-init  answers initialize, then exits (code `--exit-code`, default 1) after `--exit-ms` (20)
//   flood        after initialize, sends notifications/resources/updated as fast as stdout drains
//   huge-line    answers resources/list with one line of `--bytes` (default 200 MB)
//   big-blob     serves one blob resource of `--bytes` (default 50 MB) as base64
//   silent       answers the handshake, then never answers anything
//   malformed    answers with broken JSON lines, and with replies whose ids match no request
//   wrong-ids    answers every request with a wrong id
//   huge-items   lists pages of `--resources` items (default 10) whose descriptions are `--bytes` characters long,
//                without end (every page has a next cursor)
//   hostile-names  lists resources whose names, titles and URIs hide characters (a right-to-left override, a
//                zero-width space, terminal escapes), a look-alike name (a Cyrillic letter in a Latin word), beside
//                plain right-to-left and Cyrillic names and a script whose text
//                hides bidirectional controls (Trojan Source), and reports a name with an override in its title; its
//                stderr line is in ANSI colours
// With `--transport http` it serves the same modes over Streamable HTTP (stateless, 2025 era) on
// `--port` (0: any) and prints `listening on <url>` on stderr: replies are JSON bodies, or event streams with
// `--sse-replies`; the flood runs on the GET event stream.
import { createServer, type ServerResponse } from 'node:http';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
};
const mode = flag('mode', 'healthy');
const resources = Number(flag('resources', '10'));
const bytes = Number(flag('bytes', String(mode === 'huge-line' ? 200 * 1024 * 1024 : 50 * 1024 * 1024)));

type Id = string | number;
interface Message {
  id?: Id;
  method?: string;
  params?: Record<string, unknown>;
}

/** Where replies go: stdout, or the HTTP response of the request being answered. */
let out: Writable = process.stdout;
/** Frames one message for `out`: a line over stdio, an event on an HTTP event stream. */
let frame = (json: string) => `${json}\n`;

let sent = 0;
function send(message: unknown): boolean {
  sent++;
  return out.write(frame(JSON.stringify({ jsonrpc: '2.0', ...(message as object) })));
}
const reply = (id: Id, result: unknown) => send({ id, result });
const refuse = (id: Id, code: number, message: string) => send({ id, error: { code, message } });

/** What `hostile-names` lists: each hides characters a page must not let act on what it shows (see HOSTILE_NAMES). */
const HOSTILE_NAMES = [
  { uri: 'fleet://hostile-names/invoice\u202efdp.exe', name: 'invoice\u202efdp.exe', title: 'Invoice \u202efdp.exe', mimeType: 'application/pdf' },
  { uri: 'fleet://hostile-names/cat\u200balog', name: 'catalog', mimeType: 'text/plain' },
  { uri: 'fleet://hostile-names/ansi', name: 'ansi \u001b[31mred\u001b[0m', mimeType: 'text/plain' },
  { uri: 'fleet://hostile-names/rtl', name: '\u05e9\u05dc\u05d5\u05dd 1', mimeType: 'text/plain' },
  { uri: 'fleet://hostile-names/access.js', name: 'access.js', mimeType: 'text/javascript' },
  { uri: 'fleet://hostile-names/login', name: 'p\u0430ypal login', mimeType: 'text/plain' },
  { uri: 'fleet://hostile-names/report', name: '\u041e\u0442\u0447\u0451\u0442', mimeType: 'text/plain' }
];
// Its log line comes in colours, as many servers' do.
if (mode === 'hostile-names') process.stderr.write('\u001b[31merror\u001b[39m: names may hide characters, \u001b[1;36mlook closely\u001b[0m\n');

/** What reading access.js gives: the Trojan Source example, a check that reads as a comment and runs as code. */
const TROJAN_SOURCE = 'const role = "user";\nif (role !== "admin\u202e \u2066// check later\u2069 \u2066") {\n  console.log("denied");\n}\n';

const items =
  mode === 'hostile-names' ? HOSTILE_NAMES : Array.from({ length: resources }, (_, i) => ({ uri: `fleet://${mode}/${i}`, name: `${mode} ${i}`, mimeType: 'text/plain' }));

function flood(sink: Writable = process.stdout, framing = frame): void {
  const line = (n: number) => framing(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: `fleet://flood/${n % 50}` } }));
  let n = 0;
  const pump = () => {
    // Write in batches until the pipe pushes back, then wait for it to drain: as fast as the reader reads.
    let ok = true;
    while (ok) {
      let batch = '';
      for (let i = 0; i < 200; i++) batch += line(n++);
      ok = sink.write(batch);
    }
    if (!sink.destroyed) sink.once('drain', pump);
  };
  pump();
}

function hugeLine(id: Id): void {
  // One JSON message of `bytes` bytes, written in chunks so this process itself stays small.
  const sink = out;
  const [head, tail] = frame(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"resources":[{"uri":"fleet://huge/0","name":"@FILL@"}]}}`).split('@FILL@');
  let left = Math.max(0, bytes - head.length - tail.length);
  const chunk = 'x'.repeat(1024 * 1024);
  sink.write(head);
  const pump = () => {
    while (left > 0 && !sink.destroyed) {
      const piece = left >= chunk.length ? chunk : chunk.slice(0, left);
      left -= piece.length;
      if (!sink.write(piece)) return void sink.once('drain', pump);
    }
    if (sink === process.stdout) sink.write(tail);
    else sink.end(tail);
  };
  pump();
}

function handle(message: Message): void {
  const { id, method } = message;
  if (id === undefined || !method) return; // notifications and stray replies
  if (method === 'server/discover') return void refuse(id, -32601, 'Method not found');
  if (method === 'initialize') {
    reply(id, {
      protocolVersion: '2025-11-25',
      capabilities: { resources: { subscribe: true, listChanged: false } },
      serverInfo: { name: `fleet-${mode}`, version: '1.0.0', ...(mode === 'hostile-names' && { title: 'Official \u202eredro' }) }
    });
    if (mode === 'exit-after-init') {
      process.stderr.write(`fleet: ${mode} exiting on purpose\n`);
      setTimeout(() => process.exit(Number(flag('exit-code', '1'))), Number(flag('exit-ms', '20')));
    }
    if (mode === 'flood' && out === process.stdout) setTimeout(flood, 50);
    return;
  }
  if (method === 'ping') return void reply(id, {});
  if (mode === 'silent') return;
  if (mode === 'wrong-ids') return void reply(typeof id === 'number' ? id + 100_000 : `${id}-wrong`, {});
  if (mode === 'malformed') {
    process.stdout.write('{"jsonrpc":"2.0","id":\n');
    process.stdout.write('not json at all\n');
    return void reply(`nobody-${String(id)}`, {});
  }
  if (method === 'resources/list') {
    if (mode === 'huge-line') return hugeLine(id);
    if (mode === 'big-blob') return void reply(id, { resources: [{ uri: 'fleet://blob/0', name: 'big blob', mimeType: 'application/octet-stream', size: bytes }] });
    if (mode === 'huge-items') {
      const page = Number(message.params?.cursor ?? 0);
      const description = 'd'.repeat(bytes);
      return void reply(id, { resources: items.map(item => ({ ...item, uri: `${item.uri}/${page}`, description })), nextCursor: String(page + 1) });
    }
    return void reply(id, { resources: items });
  }
  if (method === 'resources/templates/list') return void reply(id, { resourceTemplates: [] });
  if (method === 'resources/subscribe' || method === 'resources/unsubscribe') return void reply(id, {});
  if (method === 'resources/read') {
    const uri = String(message.params?.uri ?? '');
    if (mode === 'big-blob') return void reply(id, { contents: [{ uri, mimeType: 'application/octet-stream', blob: Buffer.alloc(bytes, 7).toString('base64') }] });
    if (mode === 'hostile-names' && uri.endsWith('/access.js')) return void reply(id, { contents: [{ uri, mimeType: 'text/javascript', text: TROJAN_SOURCE }] });
    return void reply(id, { contents: [{ uri, mimeType: 'text/plain', text: `contents of ${uri}` }] });
  }
  refuse(id, -32601, `Method not found: ${method}`);
}

/** Answers one POST: 202 for a notification, else the reply as a JSON body or an event stream; silent ones never. */
function answerPost(raw: string, res: ServerResponse): void {
  let message: Message;
  try {
    message = JSON.parse(raw) as Message;
  } catch {
    return void res.writeHead(400).end();
  }
  if (message.id === undefined) return void res.writeHead(202).end();
  const sse = argv.includes('--sse-replies');
  res.writeHead(200, { 'content-type': sse ? 'text/event-stream' : 'application/json' });
  out = res;
  frame = sse ? json => `event: message\ndata: ${json}\n\n` : json => json;
  const before = sent;
  handle(message);
  out = process.stdout;
  frame = json => `${json}\n`;
  // A reply still being written (the huge one) ends itself; a request left unanswered stays open, as silence.
  if (sent > before) res.end();
}

function serveHttp(): void {
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      if (mode !== 'flood') return void res.writeHead(405).end();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return flood(res, json => `event: message\ndata: ${json}\n\n`);
    }
    if (req.method === 'DELETE') return void res.writeHead(200).end();
    let raw = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (raw += chunk)).on('end', () => answerPost(raw, res));
  });
  server.listen(Number(flag('port', '0')), '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object') process.stderr.write(`fleet: listening on http://127.0.0.1:${address.port}/mcp\n`);
  });
}

if (flag('transport', 'stdio') === 'http') serveHttp();
else {
  process.stdout.on('error', () => process.exit(0));
  createInterface({ input: process.stdin }).on('line', line => {
    let message: Message;
    try {
      message = JSON.parse(line) as Message;
    } catch {
      return;
    }
    handle(message);
  });
}
