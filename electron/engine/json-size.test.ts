import { describe, expect, it } from 'vitest';
import { estimateJsonSize } from './json-size';

describe('estimateJsonSize', () => {
  it('is close to the real JSON length for typical frames', () => {
    const frame = {
      jsonrpc: '2.0',
      id: 17,
      result: { contents: [{ uri: 'test://static-text', mimeType: 'text/plain', text: 'hello world'.repeat(20) }], ttlMs: 60000, cached: false, x: null }
    };
    const real = JSON.stringify(frame).length;
    const estimate = estimateJsonSize(frame);
    expect(Math.abs(estimate - real) / real).toBeLessThan(0.1);
  });

  it('counts a long string by its length without building anything', () => {
    expect(estimateJsonSize('x'.repeat(5_000_000))).toBe(5_000_002);
  });
});
