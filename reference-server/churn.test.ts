// `--churn`: over real stdio, a client watching three of the churned catalog items gets `updated` for each of
// them, at about the asked rate, and for nothing it does not watch; `--churn-trace` logs each batch it sent.
import { describe, expect, it } from 'vitest';
import { recordNotifications, subscribe } from '../test-support/reference-server/scenarios';
import { connectStdio, eventually } from '../test-support/reference-server/harness';

const WATCHED = ['ref://catalog/0', 'ref://catalog/1', 'ref://catalog/2'];

describe('--churn', { timeout: 60_000 }, () => {
  it('announces the first N catalog items updated in turn, to their watchers, and traces each batch', async () => {
    const { client, transport } = await connectStdio('modern', ['--resources', '20', '--churn', '4', '--churn-rate', '200', '--churn-trace', '--update-interval-ms', '3600000']);
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const { updated } = recordNotifications(client);
      const close = await subscribe(client, 'modern', WATCHED);
      try {
        // Two seconds of churn (50 a second per item): over a few batches' window one late timer and its catch-up
        // would double the measured rate.
        await eventually(() => (WATCHED.every(uri => updated.filter(u => u === uri).length >= 100) ? true : undefined), 20_000);
        // Only what is watched (catalog/3 churns too), and each watched item about as often as the others.
        expect(new Set(updated)).toEqual(new Set(WATCHED));
        const counts = WATCHED.map(uri => updated.filter(u => u === uri).length);
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2);
      } finally {
        await close();
      }
      const batches = [...stderr.matchAll(/churn (\d+) (\d+) (\d+)/g)].map(m => ({ at: Number(m[1]), first: Number(m[2]), count: Number(m[3]) }));
      expect(batches.length).toBeGreaterThan(1);
      // In turn: each batch starts where the one before stopped.
      for (let k = 1; k < batches.length; k++) expect(batches[k].first).toBe((batches[k - 1].first + batches[k - 1].count) % 4);
      // About 200 a second. A loaded machine fires timers late and the batches catch up on what is owed since the
      // start, so a short window can run above the rate: the bounds say "a few hundred", not "a thousand".
      const span = (batches.at(-1)!.at - batches[0].at) / 1000;
      const sent = batches.slice(1).reduce((n, b) => n + b.count, 0);
      expect(sent / span).toBeGreaterThan(100);
      expect(sent / span).toBeLessThan(450);
    } finally {
      await client.close();
    }
  });
});
