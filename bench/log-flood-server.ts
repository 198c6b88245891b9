// A stdio MCP server that floods its client with notifications, for the protocol-log benchmark.
// It speaks only the 2025-11-25 era (initialize handshake), where a server may push notifications at
// any time; the flood starts once the client is initialized (never during the era probe, which an SDK
// client with its own stdio transport runs in a throwaway process), after `--start-after-ms`.
//   npx tsx bench/log-flood-server.ts --rate 5000 --seconds 10 [--start-after-ms N] [--start-when-file <path>]
// `--start-when-file` waits (after initialization) until that file exists, so a benchmark can start the
// flood exactly when its baseline window ends.
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '10' },
    'start-when-file': { type: 'string' },
    'start-after-ms': { type: 'string', default: '0' }
  }
});
const rate = Number(values.rate);
const seconds = Number(values.seconds);
if (!(rate > 0) || !(seconds > 0)) {
  process.stderr.write('flood server: --rate and --seconds must be positive numbers\n');
  process.exit(2);
}

const TICK_MS = 10;
// At 5,000 messages/s stdout backpressures; every pending write waits on 'drain', which is expected here.
process.stdout.setMaxListeners(0);
const server = new McpServer({ name: 'log-flood', version: '1.0.0' }, { capabilities: { logging: {}, resources: {} } });
server.registerResource('flood status', 'flood://status', { mimeType: 'application/json' }, async uri => ({
  contents: [{ uri: uri.href, text: JSON.stringify({ sent, rate, seconds }) }]
}));

let sent = 0;
function flood(): void {
  const startedAt = Date.now();
  const total = Math.round(rate * seconds);
  process.stderr.write(`flood: start ${startedAt} rate=${rate}/s seconds=${seconds}\n`);
  const timer = setInterval(() => {
    // Catch up to where the schedule says we should be, so timer jitter does not lower the rate.
    const due = Math.min(total, Math.floor(((Date.now() - startedAt) / 1000) * rate));
    while (sent < due) {
      sent++;
      void server.server.notification({
        method: 'notifications/message',
        params: { level: 'info', logger: 'flood', data: { n: sent, at: Date.now(), text: 'tick of the flood benchmark' } }
      });
    }
    if (sent >= total) {
      clearInterval(timer);
      process.stderr.write(`flood: done ${Date.now()} sent=${sent}\n`);
    }
  }, TICK_MS);
}

function startWhenFileExists(file: string): void {
  const poll = setInterval(() => {
    if (!existsSync(file)) return;
    clearInterval(poll);
    flood();
  }, 20);
}

server.server.oninitialized = () => {
  setTimeout(() => {
    const file = values['start-when-file'];
    if (file) startWhenFileExists(file);
    else flood();
  }, Number(values['start-after-ms']));
};
await server.connect(new StdioServerTransport());
