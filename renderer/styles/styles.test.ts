// A rule for the stylesheets: nothing animates without end. An endless animation has the compositor draw every
// frame for as long as it runs (one progress bar cost 8.4% of a core in headless Chromium, bench/animation-cost.ts;
// a server may stay reconnecting for minutes), taking CPU from the servers and the engine on the same machine.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every stylesheet of the renderer: the shared ones here and each feature's own.
const renderer = dirname(import.meta.dirname);
const sheets = readdirSync(renderer, { recursive: true, encoding: 'utf8' }).filter(name => name.endsWith('.css'));

describe('stylesheets', () => {
  it.each(sheets)('%s has no endless animation', name => {
    const css = readFileSync(join(renderer, name), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(css.match(/[^;{}]*\binfinite\b[^;{}]*/g) ?? []).toEqual([]);
  });

  it('are all read, the features\' own too (the rule above checks something)', () => {
    expect(sheets).toEqual(expect.arrayContaining(['styles/app.css', 'styles/controls.css', 'features/picker/picker.css']));
  });
});
