// The fixtures the official conformance suite (@modelcontextprotocol/conformance) reads, with the exact
// contents its scenarios describe, so the suite can run against the bundled server.
import { png } from './binary-formats';
import { CACHE, textResult, type ResourceEntry } from './entry';
import type { LiveResources } from './live';
import { Rng } from './rng';

const WATCHED_URI = 'test://watched-resource';

export function conformanceEntries(live: LiveResources): ResourceEntry[] {
  live.alsoUpdatedOnTick.push(WATCHED_URI);
  return [
    {
      meta: { uri: 'test://static-text', name: 'static-text', title: 'Conformance: static text', mimeType: 'text/plain', description: 'Fixture of the conformance suite' },
      cache: CACHE.publicMinutes,
      read: uri => textResult(uri, 'text/plain', 'This is the content of the static text resource.')
    },
    {
      meta: { uri: 'test://static-binary', name: 'static-binary', title: 'Conformance: static binary', mimeType: 'image/png', description: 'Fixture of the conformance suite' },
      cache: CACHE.publicMinutes,
      read: uri => ({ contents: [{ uri, mimeType: 'image/png', blob: png(new Rng(1), 8, 8).toString('base64') }] })
    },
    {
      meta: { uri: WATCHED_URI, name: 'watched-resource', title: 'Conformance: watched resource', mimeType: 'text/plain', description: 'Fixture of the conformance suite; updated on every tick' },
      cache: CACHE.noStore,
      read: uri => textResult(uri, 'text/plain', `Watched resource, tick ${live.tickCount}.`)
    }
  ];
}
