// A rule for the stylesheets: nothing animates without end. An endless animation has the compositor draw every
// frame for as long as it runs (a progress bar's cost ~9% of a core in headless Chromium; a server may stay
// reconnecting for minutes), taking CPU from the servers and the engine on the same machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const sheets = readdirSync(import.meta.dirname).filter(name => name.endsWith('.css'));

describe('stylesheets', () => {
  it.each(sheets)('%s has no endless animation', name => {
    const css = readFileSync(join(import.meta.dirname, name), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(css.match(/[^;{}]*\binfinite\b[^;{}]*/g) ?? []).toEqual([]);
  });

  it('are read (the rule above checks something)', () => {
    expect(sheets).toEqual(expect.arrayContaining(['app.css', 'controls.css']));
  });
});
