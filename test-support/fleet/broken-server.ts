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
import { createInterface } from 'node:readline';

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

function send(message: unknown): boolean {
  return process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...(message as object) })}\n`);
}
const reply = (id: Id, result: unknown) => send({ id, result });
const refuse = (id: Id, code: number, message: string) => send({ id, error: { code, message } });

const items = Array.from({ length: resources }, (_, i) => ({ uri: `fleet://${mode}/${i}`, name: `${mode} ${i}`, mimeType: 'text/plain' }));

function flood(): void {
  const line = (n: number) => `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: `fleet://flood/${n % 50}` } })}\n`;
  let n = 0;
  const pump = () => {
    // Write in batches until the pipe pushes back, then wait for it to drain: as fast as the reader reads.
    let ok = true;
    while (ok) {
      let batch = '';
      for (let i = 0; i < 200; i++) batch += line(n++);
      ok = process.stdout.write(batch);
    }
    process.stdout.once('drain', pump);
  };
  pump();
}

function hugeLine(id: Id): void {
  // One JSON line of `bytes` bytes, written in chunks so this process itself stays small.
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"resources":[{"uri":"fleet://huge/0","name":"`;
  const tail = '"}]}}\n';
  let left = Math.max(0, bytes - head.length - tail.length);
  const chunk = 'x'.repeat(1024 * 1024);
  process.stdout.write(head);
  const pump = () => {
    while (left > 0) {
      const piece = left >= chunk.length ? chunk : chunk.slice(0, left);
      left -= piece.length;
      if (!process.stdout.write(piece)) return void process.stdout.once('drain', pump);
    }
    process.stdout.write(tail);
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
      serverInfo: { name: `fleet-${mode}`, version: '1.0.0' }
    });
    if (mode === 'exit-after-init') {
      process.stderr.write(`fleet: ${mode} exiting on purpose\n`);
      setTimeout(() => process.exit(Number(flag('exit-code', '1'))), Number(flag('exit-ms', '20')));
    }
    if (mode === 'flood') setTimeout(flood, 50);
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
    return void reply(id, { resources: items });
  }
  if (method === 'resources/templates/list') return void reply(id, { resourceTemplates: [] });
  if (method === 'resources/subscribe' || method === 'resources/unsubscribe') return void reply(id, {});
  if (method === 'resources/read') {
    const uri = String(message.params?.uri ?? '');
    if (mode === 'big-blob') return void reply(id, { contents: [{ uri, mimeType: 'application/octet-stream', blob: Buffer.alloc(bytes, 7).toString('base64') }] });
    return void reply(id, { contents: [{ uri, mimeType: 'text/plain', text: `contents of ${uri}` }] });
  }
  refuse(id, -32601, `Method not found: ${method}`);
}

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
