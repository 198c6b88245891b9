import { describe, expect, it } from 'vitest';
import { estimateTokens, exportJson, exportMarkdown, IncompleteTrayError, trayExportText, trayTotals, type TrayEntry } from './tray-export';
import { item } from '../../test-support/picker/items';

const textEntry: TrayEntry = {
  item: item('ref://notes/a.md', { title: 'Notes A', mimeType: 'text/markdown' }, { audience: ['user'], priority: 0.8 }),
  contents: [{ uri: 'ref://notes/a.md', mimeType: 'text/markdown', kind: 'text', text: 'Hello ```fenced``` é' }]
};
const blobEntry: TrayEntry = {
  item: item('ref://img/dot.png', { mimeType: 'image/png' }),
  contents: [{ uri: 'ref://img/dot.png', mimeType: 'image/png', kind: 'blob', blob: 'iVBORw0KGgo=', size: 8 }]
};

describe('tray totals', () => {
  it('adds UTF-8 text bytes and blob sizes, and estimates tokens at ~4 characters each', () => {
    const totals = trayTotals([textEntry, blobEntry]);
    expect(totals.bytes).toBe(new TextEncoder().encode('Hello ```fenced``` é').length + 8);
    expect(totals.tokens).toBe(estimateTokens('Hello ```fenced``` é'.length + 'iVBORw0KGgo='.length));
    expect(totals.pending).toBe(0);
  });

  it('counts entries still being read as pending', () => {
    expect(trayTotals([{ item: item('ref://x') }]).pending).toBe(1);
  });
});

describe('tray export', () => {
  it('renders the format asked for (the tray menu and the palette both export through it)', () => {
    expect(trayExportText([textEntry], 'json')).toBe(exportJson([textEntry]));
    expect(trayExportText([textEntry], 'markdown')).toBe(exportMarkdown([textEntry]));
    expect(trayExportText([textEntry], 'json')).not.toBe(trayExportText([textEntry], 'markdown'));
  });

  it('exports JSON with uri, mimeType, text or base64 blob and annotations, in tray order', () => {
    const parsed = JSON.parse(exportJson([blobEntry, textEntry]));
    expect(parsed.resources).toEqual([
      { serverId: 'ref', uri: 'ref://img/dot.png', name: 'dot.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' },
      {
        serverId: 'ref',
        uri: 'ref://notes/a.md',
        name: 'a.md',
        title: 'Notes A',
        mimeType: 'text/markdown',
        annotations: { audience: ['user'], priority: 0.8 },
        text: 'Hello ```fenced``` é'
      }
    ]);
  });

  it('exports Markdown with a fence the content cannot close', () => {
    const md = exportMarkdown([textEntry, blobEntry]);
    expect(md).toContain('# Context: 2 resources');
    expect(md).toContain('## Notes A');
    expect(md).toContain('- URI: <ref://notes/a.md>');
    expect(md).toContain('- Annotations: audience: user; priority: 0.8');
    expect(md).toContain('````markdown\nHello ```fenced``` é\n````');
    expect(md).toContain('Binary content, base64-encoded:\n\n```base64\niVBORw0KGgo=\n```');
    expect(md.indexOf('Notes A')).toBeLessThan(md.indexOf('dot.png'));
  });

  it('escapes markdown in titles so server text cannot inject structure', () => {
    const sneaky: TrayEntry = { ...textEntry, item: { ...textEntry.item, title: '# <img src=x> [link](javascript:x)\nnext' } };
    const heading = exportMarkdown([sneaky]).split('\n').find(l => l.startsWith('## '));
    expect(heading).toBe('## \\# \\<img src=x\\> \\[link\\](javascript:x) next');
  });

  it('refuses to export while some entry has no contents, naming it', () => {
    expect(() => exportJson([textEntry, { item: item('ref://pending') }])).toThrow(IncompleteTrayError);
    expect(() => exportMarkdown([{ item: item('ref://pending') }])).toThrow(/ref:\/\/pending/);
  });
});
