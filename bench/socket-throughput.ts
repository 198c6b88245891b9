// How fast the page can take in what the engine sends it (`npx tsx bench/socket-throughput.ts [--servers 50]
// [--resources 2000] [--rounds 3]`): the last known lists of `servers` reference servers of `resources` items each,
// packed as `resources.lastKnown` answers them (one frame per server), sent over a local WebSocket to a blank page
// in Chromium (bare DevTools), which parses each frame as the app's carrier does. In the same run, interleaved, the
// same frames to a Node WebSocket client that parses them too: the wire's own speed on this machine. Prints the
// bytes, the time from asking to the last frame parsed, each side's rate, the ratio, and Chromium's CPU per process
// type per MB. On a warm start of fifty servers this transfer is what stands between the page asking for the last
// known lists and drawing them, whatever the page then does with them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { Catalog } from '../reference-server/catalog';
import { toResourceItem } from '../electron/engine/resources/items';
import { packResourceItems } from '../shared/contract';
import { argument } from './ab-apps';
import { BareChromium, cpuSince } from './bare-chromium';
import { median } from './rounds';
import { runBench } from './run-bench';

const SERVERS = Number(argument('--servers') ?? 50);
const RESOURCES = Number(argument('--resources') ?? 2000);
const ROUNDS = Number(argument('--rounds') ?? 3);

/** One reply frame per server, as the engine's socket session writes it. */
function lastKnownFrames(): string[] {
  return Array.from({ length: SERVERS }, (_, s) => {
    const serverId = `ref${String(s).padStart(2, '0')}`;
    const catalog = new Catalog(RESOURCES, s + 1);
    // Through JSON, as the engine reads them from its cache.
    const items = Array.from({ length: RESOURCES }, (_, i) => toResourceItem(serverId, JSON.parse(JSON.stringify(catalog.meta(i))) as Record<string, unknown>));
    const result = { serverId, items: packResourceItems(items), pages: Math.ceil(RESOURCES / 500), cache: { state: 'stale', scope: 'public', receivedAt: 0 } };
    return JSON.stringify({ type: 'reply', id: s + 2, ok: true, result });
  });
}

/** The page's side: opens the socket, asks, parses every frame; resolves with the ms from asking to the last. */
const PAGE_RECEIVE = (url: string, frames: number) => `new Promise(resolve => {
  const socket = new WebSocket(${JSON.stringify(url)});
  let received = 0;
  let asked = 0;
  socket.onopen = () => { asked = performance.now(); socket.send('go'); };
  socket.onmessage = event => {
    JSON.parse(event.data);
    if (++received === ${frames}) { resolve(performance.now() - asked); socket.close(); }
  };
})`;

function nodeReceive(url: string, frames: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let received = 0;
    let asked = 0;
    socket.on('open', () => {
      asked = performance.now();
      socket.send('go');
    });
    socket.on('message', data => {
      JSON.parse(String(data));
      if (++received === frames) {
        resolve(performance.now() - asked);
        socket.close();
      }
    });
    socket.on('error', reject);
  });
}

async function main(): Promise<void> {
  const frames = lastKnownFrames();
  const bytes = frames.reduce((total, frame) => total + Buffer.byteLength(frame), 0);
  const http = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>socket throughput</title>'));
  const sockets = new WebSocketServer({ server: http, perMessageDeflate: false });
  sockets.on('connection', socket => socket.on('message', () => frames.forEach(frame => socket.send(frame))));
  await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const url = origin.replace('http:', 'ws:');
  const browser = await BareChromium.launch();
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    const pageMs: number[] = [];
    const nodeMs: number[] = [];
    const cpu: Record<string, number>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      nodeMs.push(await nodeReceive(url, frames.length));
      const before = await browser.cpuMsByType();
      pageMs.push(await page.evaluate<number>(PAGE_RECEIVE(url, frames.length)));
      cpu.push(cpuSince(before, await browser.cpuMsByType()));
    }
    const mb = bytes / 1e6;
    const types = [...new Set(cpu.flatMap(c => Object.keys(c)))];
    console.log(`${SERVERS} last known lists of ${RESOURCES.toLocaleString('en')} items: ${frames.length} frames, ${mb.toFixed(1)} MB (${(bytes / (SERVERS * RESOURCES)).toFixed(0)} B per item)`);
    console.table({
      'ask → last frame parsed, median (rounds)': {
        page: `${median(pageMs).toFixed(0)} ms (${pageMs.map(Math.round).join(', ')})`,
        'Node ws client (the wire)': `${median(nodeMs).toFixed(0)} ms (${nodeMs.map(Math.round).join(', ')})`
      },
      rate: { page: `${(mb / (median(pageMs) / 1000)).toFixed(1)} MB/s`, 'Node ws client (the wire)': `${(mb / (median(nodeMs) / 1000)).toFixed(1)} MB/s` },
      'ratio (median of the rounds\' own)': { page: `${median(pageMs.map((ms, k) => ms / nodeMs[k])).toFixed(2)}×`, 'Node ws client (the wire)': '1×' }
    });
    console.table(Object.fromEntries(types.map(type => [type, { 'CPU per MB, median': `${(median(cpu.map(c => c[type] ?? 0)) / mb).toFixed(1)} ms` }])));
    await page.close();
  } finally {
    await browser.close();
    sockets.close();
    http.close();
  }
}

runBench(main);
