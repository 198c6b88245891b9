// Small but valid binary files (PNG, PDF, WAV), built from deterministic parameters so viewers have real
// images, documents and audio to render.
import { Rng } from './rng';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/**
 * zlib stream made of stored (uncompressed) deflate blocks: the output size depends only on the input size,
 * so listings can report a PNG's size without building it.
 */
function zlibStored(data: Buffer): Buffer {
  const parts: Buffer[] = [Buffer.from([0x78, 0x01])];
  for (let off = 0; off < data.length || off === 0; off += 65535) {
    const chunk = data.subarray(off, off + 65535);
    const last = off + 65535 >= data.length;
    const head = Buffer.alloc(5);
    head[0] = last ? 1 : 0;
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    parts.push(head, chunk);
    if (last) break;
  }
  let a = 1, b = 0;
  for (let i = 0; i < data.length; i++) {
    a = (a + data[i]) % 65521;
    b = (b + a) % 65521;
  }
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((b << 16) | a) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

const PNG_SIDE = 24;

/** Byte size of `png()` output for a width x height image. */
export function pngSize(width = PNG_SIDE, height = PNG_SIDE): number {
  const raw = (width * 3 + 1) * height;
  const blocks = Math.max(1, Math.ceil(raw / 65535));
  return 8 + (12 + 13) + (12 + 2 + 5 * blocks + raw + 4) + 12;
}

/** An RGB PNG with a diagonal gradient between two colours picked by `rng`. */
export function png(rng: Rng, width = PNG_SIDE, height = PNG_SIDE): Buffer {
  const a = [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)];
  const b = [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)];
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height - 2);
      for (let c = 0; c < 3; c++) raw[row + 1 + x * 3 + c] = Math.round(a[c] * (1 - t) + b[c] * t);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlibStored(raw)),
    pngChunk('IEND', Buffer.alloc(0))
  ]);
}

/** A one-page PDF showing `lines` of text, with a correct cross-reference table. */
export function pdf(title: string, lines: readonly string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, m => '\\' + m).replace(/[^\x20-\x7e]/g, '?');
  const text = [`BT /F1 18 Tf 72 740 Td (${esc(title)}) Tj ET`]
    .concat(lines.map((l, i) => `BT /F1 11 Tf 72 ${710 - i * 16} Td (${esc(l)}) Tj ET`))
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map(o => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const WAV_RATE = 8000;
const WAV_MS = 250;

export function wavSize(durationMs = WAV_MS): number {
  return 44 + Math.round((WAV_RATE * durationMs) / 1000);
}

/** An 8 kHz, 8-bit mono WAV with a short sine tone. */
export function wav(frequencyHz: number, durationMs = WAV_MS): Buffer {
  const rate = WAV_RATE;
  const samples = Math.round((rate * durationMs) / 1000);
  const b = Buffer.alloc(44 + samples);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(samples, 40);
  const step = (2 * Math.PI * frequencyHz) / rate;
  for (let i = 0; i < samples; i++) {
    const edge = i < samples - i ? i : samples - i;
    const fade = edge < 200 ? edge / 200 : 1;
    b[44 + i] = 128 + Math.round(100 * fade * Math.sin(step * i));
  }
  return b;
}
