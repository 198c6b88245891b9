// Lets a case module of `bench/scale.ts` also run alone (`npx tsx bench/scale/<case>.ts [--sizes 10k,100k]`):
// it runs when it is the process's main module and prints its rows as the runner would.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { markdownTable, type ScaleRow } from './table';

export function runIfMain(moduleUrl: string, run: (options: { sizes?: string[] }) => Promise<ScaleRow[]>): void {
  if (!process.argv[1] || pathToFileURL(process.argv[1]).href !== moduleUrl) return;
  const { values } = parseArgs({ options: { sizes: { type: 'string' } }, strict: false });
  const sizes = typeof values.sizes === 'string' ? values.sizes.split(',') : undefined;
  run({ sizes }).then(
    rows => {
      console.log(markdownTable(rows));
      console.log(JSON.stringify(rows));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    }
  );
}
