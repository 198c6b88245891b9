// The launch scripts' decisions on throwaway project trees: when the renderer must be rebuilt, and
// how a missing Electron is detected (absent package; binary missing with a failing install script).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findElectronBinary } from './electron-binary.mjs';
import { rendererStaleness } from './ensure-built.mjs';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
async function tempRoot() {
  const dir = await mkdtemp(path.join(tmpdir(), 'scripts-test-'));
  dirs.push(dir);
  return dir;
}

describe('rendererStaleness', () => {
  it('asks for a build when dist/renderer is missing, older than a source, and not when current', async () => {
    const root = await tempRoot();
    await mkdir(path.join(root, 'renderer'), { recursive: true });
    await writeFile(path.join(root, 'renderer', 'main.tsx'), 'x');
    expect(rendererStaleness(root)).toMatch(/missing/);

    await mkdir(path.join(root, 'dist', 'renderer'), { recursive: true });
    await writeFile(path.join(root, 'dist', 'renderer', 'index.html'), 'built');
    const past = new Date(Date.now() - 60_000);
    await utimes(path.join(root, 'dist', 'renderer', 'index.html'), past, past);
    expect(rendererStaleness(root)).toMatch(/changed/);

    await utimes(path.join(root, 'renderer', 'main.tsx'), new Date(past.getTime() - 60_000), new Date(past.getTime() - 60_000));
    expect(rendererStaleness(root)).toBeNull();

    // Tests are not part of the bundle: touching one does not force a build.
    await writeFile(path.join(root, 'renderer', 'main.test.tsx'), 'x');
    expect(rendererStaleness(root)).toBeNull();
  });
});

describe('findElectronBinary', () => {
  it('reports an absent package with the Node version', async () => {
    const root = await tempRoot();
    expect(findElectronBinary(root)).toEqual({ reason: expect.stringMatching(/not installed.*Node >= 22\.12/) });
  });

  it('tries the install script once and reports its failure', async () => {
    const root = await tempRoot();
    const pkg = path.join(root, 'node_modules', 'electron');
    await mkdir(pkg, { recursive: true });
    await writeFile(path.join(pkg, 'package.json'), '{"name":"electron"}');
    await writeFile(path.join(pkg, 'install.js'), 'process.exit(3)');
    expect(findElectronBinary(root)).toEqual({ reason: expect.stringMatching(/install script failed \(exit 3\)/) });
  });

  it('finds the binary recorded in path.txt', async () => {
    const root = await tempRoot();
    const pkg = path.join(root, 'node_modules', 'electron');
    await mkdir(path.join(pkg, 'dist'), { recursive: true });
    await writeFile(path.join(pkg, 'package.json'), '{"name":"electron"}');
    await writeFile(path.join(pkg, 'path.txt'), 'electron');
    await writeFile(path.join(pkg, 'dist', 'electron'), '');
    expect(findElectronBinary(root)).toEqual({ binary: path.join(pkg, 'dist', 'electron') });
  });
});
