// Memory case, with the list loaded: the page's JS heap after a forced GC per resource (target ≤ 250 B at 1M;
// it includes the app's own fixed heap, which weighs at small sizes), and the engine's resident memory
// (target ≤ 600 MB), with its peak over the app's life beside it.
import { pickerFigures } from './picker-figures';
import { type ScaleOptions, type ScaleRow, sizeLabel } from './table';

const HEAP_TARGET_BYTES = 250;
const RSS_TARGET_MB = 600;
const mb = (bytes: number) => bytes / 1024 / 1024;

export async function run(options: ScaleOptions): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  for (const size of options.sizes) {
    const f = await pickerFigures(size, options.rounds);
    const heapBytes = f.app.heapMb * 1024 * 1024;
    const perResource = heapBytes / f.size;
    const buffersPerResource = (f.app.arrayBuffersMb * 1024 * 1024) / f.size;
    const atTargetSize = size >= 1_000_000;
    rows.push({
      case: 'page JS heap after GC, list loaded',
      size: sizeLabel(size),
      app: `${Math.round(perResource)} B/resource (${mb(heapBytes).toFixed(0)} MB); array buffers beside it ${Math.round(buffersPerResource)} B/resource (${f.app.arrayBuffersMb.toFixed(0)} MB)`,
      baseline: '—',
      target: `≤ ${HEAP_TARGET_BYTES} B/resource at 1M`,
      met: atTargetSize ? perResource <= HEAP_TARGET_BYTES : undefined
    });
    rows.push({
      case: 'engine RSS, list loaded (peak)',
      size: sizeLabel(size),
      app: `${mb(f.engineRss).toFixed(0)} MB (peak ${mb(f.enginePeakRss).toFixed(0)} MB)`,
      baseline: '—',
      target: `≤ ${RSS_TARGET_MB} MB`,
      met: mb(f.enginePeakRss) <= RSS_TARGET_MB
    });
  }
  return rows;
}
