// The kinds of content the server generates: one generator per MIME type, each a pure function of a
// deterministic generator, so the same seed and index always give the same bytes.
import { png, pngSize, pdf, wav, wavSize } from './binary-formats';
import { Rng, WORDS, sentence } from './rng';

export type GeneratedContent = { text: string } | { blob: Buffer };

export interface ContentKind {
  id: string;
  ext: string;
  mime: string;
  generate(rng: Rng, label: string): GeneratedContent;
  /** Byte size of what `generate` would return, when it can be known without generating (listing speed). */
  sizeWithoutGenerating?(rng: Rng): number;
}

function paragraph(rng: Rng, sentences = rng.int(2, 5)): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(sentence(rng));
  return out.join(' ');
}

function typescriptSource(rng: Rng, label: string): string {
  const type = cap(rng.pick(WORDS)) + 'Record';
  return `// ${label}\nexport interface ${type} {\n  id: string;\n  ${rng.pick(WORDS)}: number;\n}\n\n` +
    `export function total(records: ${type}[]): number {\n  return records.length * ${rng.int(2, 99)};\n}\n`;
}

function pythonSource(rng: Rng, label: string): string {
  return `# ${label}\nimport statistics\n\n\ndef ${rng.pick(WORDS)}_summary(values: list[float]) -> dict:\n` +
    `    """${sentence(rng)}"""\n    return {"mean": statistics.mean(values), "n": len(values), "scale": ${rng.int(1, 9)}}\n`;
}

function cap(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

export const KINDS: readonly ContentKind[] = [
  { id: 'text', ext: 'txt', mime: 'text/plain', generate: (rng, label) => ({ text: `${label}\n\n${paragraph(rng)}\n\n${paragraph(rng)}\n` }) },
  {
    id: 'markdown', ext: 'md', mime: 'text/markdown',
    generate: (rng, label) => ({
      text: `# ${label}\n\n${paragraph(rng)}\n\n## Items\n\n- ${sentence(rng, 4)}\n- ${sentence(rng, 5)}\n- **${rng.pick(WORDS)}**: \`${rng.int(1, 999)}\`\n\n| metric | value |\n|---|---|\n| ${rng.pick(WORDS)} | ${rng.int(1, 100)} |\n| ${rng.pick(WORDS)} | ${rng.int(1, 100)} |\n\n\`\`\`json\n{ "ok": true }\n\`\`\`\n`
    })
  },
  {
    id: 'json', ext: 'json', mime: 'application/json',
    generate: (rng, label) => ({
      text: JSON.stringify({
        title: label,
        id: rng.int(1000, 9999),
        tags: [rng.pick(WORDS), rng.pick(WORDS)],
        active: rng.next() < 0.5,
        metrics: { score: Math.round(rng.next() * 1000) / 10, count: rng.int(0, 500) },
        notes: sentence(rng)
      }, null, 2)
    })
  },
  { id: 'typescript', ext: 'ts', mime: 'text/x-typescript', generate: (rng, label) => ({ text: typescriptSource(rng, label) }) },
  { id: 'python', ext: 'py', mime: 'text/x-python', generate: (rng, label) => ({ text: pythonSource(rng, label) }) },
  {
    id: 'csv', ext: 'csv', mime: 'text/csv',
    generate: rng => {
      const rows = ['date,region,item,amount'];
      for (let i = 0, n = rng.int(5, 20); i < n; i++) {
        rows.push(`2025-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')},${rng.pick(['north', 'south', 'east', 'west'])},${rng.pick(WORDS)},${(rng.next() * 1000).toFixed(2)}`);
      }
      return { text: rows.join('\n') + '\n' };
    }
  },
  {
    id: 'html', ext: 'html', mime: 'text/html',
    generate: (rng, label) => ({
      text: `<!doctype html>\n<html><head><title>${label}</title></head>\n<body>\n<h1>${label}</h1>\n<p>${paragraph(rng)}</p>\n<ul><li>${rng.pick(WORDS)}</li><li>${rng.pick(WORDS)}</li></ul>\n</body></html>\n`
    })
  },
  {
    id: 'svg', ext: 'svg', mime: 'image/svg+xml',
    generate: rng => {
      const colour = () => `#${rng.int(0, 0xffffff).toString(16).padStart(6, '0')}`;
      const shapes: string[] = [];
      for (let i = 0, n = rng.int(3, 8); i < n; i++) {
        shapes.push(`<circle cx="${rng.int(10, 110)}" cy="${rng.int(10, 110)}" r="${rng.int(5, 30)}" fill="${colour()}" opacity="0.8"/>`);
      }
      return { text: `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><rect width="120" height="120" fill="${colour()}"/>${shapes.join('')}</svg>\n` };
    }
  },
  { id: 'png', ext: 'png', mime: 'image/png', generate: rng => ({ blob: png(rng) }), sizeWithoutGenerating: () => pngSize() },
  { id: 'pdf', ext: 'pdf', mime: 'application/pdf', generate: (rng, label) => ({ blob: pdf(label, [sentence(rng), sentence(rng), sentence(rng)]) }) },
  { id: 'audio', ext: 'wav', mime: 'audio/wav', generate: rng => ({ blob: wav(rng.int(220, 880)) }), sizeWithoutGenerating: () => wavSize() },
  {
    id: 'binary', ext: 'bin', mime: 'application/octet-stream',
    generate: rng => ({ blob: rng.bytes(rng.int(256, 2048)) }),
    sizeWithoutGenerating: rng => rng.int(256, 2048)
  }
];

export function kindById(id: string): ContentKind {
  const k = KINDS.find(x => x.id === id);
  if (!k) throw new Error(`unknown content kind ${id}`);
  return k;
}

export function byteLength(c: GeneratedContent): number {
  return 'text' in c ? Buffer.byteLength(c.text) : c.blob.length;
}
