/** Runs a bench's main and exits with its outcome (its child processes and browser must not keep Node alive). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    err => {
      console.error(err);
      process.exit(1);
    }
  );
}
