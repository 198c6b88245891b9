// The layers as the tools enforce them. ESLint, through its Node API with the repo's eslint.config.mjs,
// refuses imports the layer table forbids (and takes the ones it allows); the per-layer tsconfigs check
// exactly the files the table gives each of them, with that layer's runtime (lib and types).
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Layer {
  name: string;
  folders?: string[];
  files?: string[];
  tsconfig: string;
}
const { LAYERS } = (await import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href)) as { LAYERS: Layer[] };

const eslint = new ESLint({ cwd: root });

/** The boundary messages ESLint gives `code` as if it were the file at `file` (repo-relative; it need not exist). */
async function boundaryProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter(m => m.ruleId?.startsWith('boundaries/')).map(m => `${m.ruleId}: ${m.message}`);
}

describe('the import boundaries (eslint-plugin-boundaries with the layer table)', () => {
  it.each([
    ['the renderer importing the engine', 'renderer/features/x.ts', "import { toAppError } from '../../electron/engine/errors';\nexport const f = toAppError;"],
    ['the engine importing test support', 'electron/engine/x.ts', "import { stopChild } from '../../test-support/processes';\nexport const f = stopChild;"],
    ['shared/ importing a Node built-in', 'shared/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;"],
    ['the renderer importing a Node built-in', 'renderer/x.ts', "import path from 'node:path';\nexport const f = path.join;"],
    ['a host module importing electron', 'electron/host/x.ts', "import { app } from 'electron';\nexport const f = app;"],
    ['a desktop helper importing electron', 'electron/desktop/x.ts', "import { app } from 'electron';\nexport const f = app;"],
    ['the reference server importing a test library', 'reference-server/x.ts', "import { expect } from 'vitest';\nexport const f = expect;"],
    ['the CLI importing browser mode', 'electron/cli/x.ts', "import { startBridge } from '../bridge/server';\nexport const f = startBridge;"],
    ['shared/ importing the renderer', 'shared/x.ts', "import { toAppError } from '../renderer/queries/errors';\nexport const f = toAppError;"],
    ['an e2e spec importing a value from shared/', 'e2e/x.spec.ts', "import { vetExternalUrl } from '../shared/external-url';\nexport const f = vetExternalUrl;"]
  ])('refuses %s', async (_what, file, code) => {
    const problems = await boundaryProblems(file, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^boundaries\/dependencies: /);
  });

  it.each([
    ['the renderer importing shared/', 'renderer/features/x.ts', "import { vetExternalUrl } from '../../shared/external-url';\nexport const f = vetExternalUrl;"],
    ['browser mode importing the host and the engine', 'electron/bridge/x.ts', "import { cspHeader } from '../host/csp';\nimport { toAppError } from '../engine/errors';\nexport const f = [cspHeader, toAppError];"],
    ['an engine test importing test support and vitest', 'electron/engine/x.test.ts', "import { it } from 'vitest';\nimport { stopChild } from '../../test-support/processes';\nit('runs', () => stopChild);"],
    ['an e2e spec importing types from shared/', 'e2e/x.spec.ts', "import type { ResourceItem } from '../shared/contract';\nexport type T = ResourceItem;"]
  ])('allows %s', async (_what, file, code) => {
    expect(await boundaryProblems(file, code)).toEqual([]);
  });
});

function parsedConfig(name: string): ts.ParsedCommandLine {
  const file = path.join(root, `tsconfig.${name}.json`);
  const parsed = ts.getParsedCommandLineOfConfigFile(file, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: d => { throw new Error(String(d.messageText)); } });
  if (!parsed) throw new Error(`cannot read ${file}`);
  return parsed;
}

/** Repo-relative TypeScript files that TypeScript's own matching finds under the given globs. */
function tsFiles(include: string[]): string[] {
  const { fileNames } = ts.parseJsonConfigFileContent({ include, exclude: ['node_modules', 'dist'] }, ts.sys, root);
  return fileNames.map(f => path.relative(root, f)).sort();
}

/** Each TypeScript file of the repo with the layer the table gives it: a `files` row first, else its folder's row. */
function layerOfEachFile(): Map<string, Layer> {
  const byFile = new Map<string, Layer>();
  for (const layer of LAYERS.filter(l => l.files)) {
    for (const file of tsFiles(layer.files!)) if (!byFile.has(file)) byFile.set(file, layer);
  }
  for (const layer of LAYERS.filter(l => l.folders)) {
    for (const file of tsFiles(layer.folders!.map(folder => `${folder}/**/*`))) if (!byFile.has(file)) byFile.set(file, layer);
  }
  return byFile;
}

const runtimes: Record<string, { dom: boolean; types: string[] }> = {
  shared: { dom: false, types: [] },
  renderer: { dom: true, types: [] },
  node: { dom: false, types: ['node'] },
  electron: { dom: false, types: ['node'] }
};

describe('the per-layer tsconfigs mirror the layer table', () => {
  const byFile = layerOfEachFile();
  const expectedFiles = (tsconfig: string) => [...byFile].filter(([, layer]) => layer.tsconfig === tsconfig).map(([file]) => file).sort();

  it('names only tsconfigs that exist, and gives every TypeScript file a layer', () => {
    expect(new Set(LAYERS.map(l => l.tsconfig))).toEqual(new Set([...Object.keys(runtimes), 'tests']));
    expect(tsFiles(['**/*']).filter(file => !byFile.has(file))).toEqual([]);
  });

  it.each(Object.keys(runtimes))('tsconfig.%s.json checks exactly its layers\u2019 files, with their runtime only', name => {
    const parsed = parsedConfig(name);
    expect(parsed.fileNames.map(f => path.relative(root, f)).sort()).toEqual(expectedFiles(name));
    const libs = (parsed.options.lib ?? []).map(lib => lib.toLowerCase());
    expect(libs.some(lib => lib.includes('dom'))).toBe(runtimes[name].dom);
    expect(parsed.options.types).toEqual(runtimes[name].types);
  });

  it('tsconfig.tests.json checks every test, test support, e2e, bench and config file', () => {
    const checked = new Set(parsedConfig('tests').fileNames.map(f => path.relative(root, f)));
    expect(expectedFiles('tests').filter(file => !checked.has(file))).toEqual([]);
  });

  // A package's `/// <reference types="node" />` would bring Node's globals in whatever `types` says.
  it.each(['shared', 'renderer'])('the %s program has no Node type declarations in it', name => {
    const parsed = parsedConfig(name);
    const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
    expect(program.getSourceFiles().map(f => f.fileName).filter(f => f.includes('/node_modules/@types/node/'))).toEqual([]);
  });
});
