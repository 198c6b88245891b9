// Reads a V8 .heapsnapshot and prints its dominator tree down to the objects that hold the most memory (what
// DevTools' "Retainers/Dominators" view shows), so a figure like "the protocol log holds 99 MB" is measured.
// Snapshots of a large heap are bigger than V8's longest string, so the node and edge arrays are read as
// numbers straight from the file's bytes; only the strings table goes through JSON.parse.
import { readFileSync } from 'node:fs';

interface Meta {
  node_fields: string[];
  node_types: [string[]];
  edge_fields: string[];
  edge_types: [string[]];
}

/** The numbers of the JSON array that starts after `key` in `bytes`, and where that array ends. */
function numberArray(bytes: Buffer, key: string, from: number): { values: Float64Array; end: number } {
  let at = bytes.indexOf(key, from, 'latin1');
  if (at < 0) throw new Error(`no ${key} in the snapshot`);
  at = bytes.indexOf(0x5b /* [ */, at) + 1;
  let values = new Float64Array(1 << 20);
  let count = 0;
  let current = 0;
  let inNumber = false;
  for (; ; at++) {
    const c = bytes[at];
    if (c >= 0x30 && c <= 0x39) {
      current = current * 10 + (c - 0x30);
      inNumber = true;
      continue;
    }
    if (inNumber) {
      if (count === values.length) {
        const grown = new Float64Array(values.length * 2);
        grown.set(values);
        values = grown;
      }
      values[count++] = current;
      current = 0;
      inNumber = false;
    }
    if (c === 0x5d /* ] */) return { values: values.subarray(0, count), end: at + 1 };
  }
}

export interface HeapTreeLine {
  depth: number;
  name: string;
  retainedBytes: number;
}

/** The dominator tree's nodes retaining at least `minBytes`, depth first, to `maxDepth` below the root. */
export function dominatorTree(file: string, minBytes: number, maxDepth: number): { totalBytes: number; lines: HeapTreeLine[] } {
  const bytes = readFileSync(file);
  const metaEnd = bytes.indexOf('"nodes"', 0, 'latin1');
  const meta = (JSON.parse(`${bytes.subarray(0, metaEnd).toString('utf8').replace(/,\s*$/, '')}}`) as { snapshot: { meta: Meta } }).snapshot.meta;
  const nodes = numberArray(bytes, '"nodes"', metaEnd);
  const edges = numberArray(bytes, '"edges"', nodes.end);
  const stringsAt = bytes.indexOf('[', bytes.indexOf('"strings"', edges.end, 'latin1'));
  const strings = JSON.parse(bytes.subarray(stringsAt, bytes.lastIndexOf(']') + 1).toString('utf8')) as string[];

  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const [nType, nName, nSize, nEdges] = ['type', 'name', 'self_size', 'edge_count'].map(f => meta.node_fields.indexOf(f));
  const [eType, eNameOrIndex, eTo] = ['type', 'name_or_index', 'to_node'].map(f => meta.edge_fields.indexOf(f));
  const nodeTypes = meta.node_types[0];
  const weak = meta.edge_types[0].indexOf('weak');
  const n = nodes.values.length / nf;
  const firstEdge = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) firstEdge[i + 1] = firstEdge[i] + nodes.values[i * nf + nEdges] * ef;
  const target = (e: number) => edges.values[e + eTo] / nf;

  // Reverse postorder from the root (node 0), weak edges left out as DevTools does.
  const order = new Int32Array(n).fill(-1);
  const post: number[] = [];
  const stack: number[] = [0];
  const cursor = new Uint32Array(n);
  const seen = new Uint8Array(n);
  seen[0] = 1;
  for (let i = 0; i < n; i++) cursor[i] = firstEdge[i];
  while (stack.length) {
    const v = stack[stack.length - 1];
    if (cursor[v] < firstEdge[v + 1]) {
      const e = cursor[v];
      cursor[v] += ef;
      if (edges.values[e + eType] === weak) continue;
      const w = target(e);
      if (!seen[w]) {
        seen[w] = 1;
        stack.push(w);
      }
    } else {
      order[v] = post.length;
      post.push(stack.pop() as number);
    }
  }
  // Predecessors, for the iterative dominator algorithm (Cooper, Harvey, Kennedy).
  const predCount = new Uint32Array(n + 1);
  for (let v = 0; v < n; v++) {
    if (!seen[v]) continue;
    for (let e = firstEdge[v]; e < firstEdge[v + 1]; e += ef) if (edges.values[e + eType] !== weak) predCount[target(e) + 1]++;
  }
  for (let i = 0; i < n; i++) predCount[i + 1] += predCount[i];
  const preds = new Uint32Array(predCount[n]);
  const fill = predCount.slice(0, n);
  for (let v = 0; v < n; v++) {
    if (!seen[v]) continue;
    for (let e = firstEdge[v]; e < firstEdge[v + 1]; e += ef) if (edges.values[e + eType] !== weak) preds[fill[target(e)]++] = v;
  }
  const idom = new Int32Array(n).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a] < order[b]) a = idom[a];
      while (order[b] < order[a]) b = idom[b];
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = post.length - 2; k >= 0; k--) {
      const v = post[k];
      let dom = -1;
      for (let p = predCount[v]; p < predCount[v + 1]; p++) {
        const u = preds[p];
        if (idom[u] === -1) continue;
        dom = dom === -1 ? u : intersect(u, dom);
      }
      if (dom !== -1 && idom[v] !== dom) {
        idom[v] = dom;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(n);
  for (let v = 0; v < n; v++) if (seen[v]) retained[v] = nodes.values[v * nf + nSize];
  for (const v of post) if (v !== 0) retained[idom[v]] += retained[v];

  const children = new Map<number, number[]>();
  for (const v of post) {
    if (v === 0 || retained[v] < minBytes) continue;
    const list = children.get(idom[v]) ?? [];
    list.push(v);
    children.set(idom[v], list);
  }
  // A node's name: its type and constructor or string, and the edge name it is most often reached by from its dominator.
  const edgeName = (from: number, to: number) => {
    for (let e = firstEdge[from]; e < firstEdge[from + 1]; e += ef) {
      if (target(e) !== to) continue;
      const value = edges.values[e + eNameOrIndex];
      const type = meta.edge_types[0][edges.values[e + eType]];
      return type === 'element' || type === 'hidden' ? `[${value}]` : strings[value];
    }
    return '';
  };
  const label = (v: number, parent: number) => {
    const type = nodeTypes[nodes.values[v * nf + nType]];
    const name = strings[nodes.values[v * nf + nName]].slice(0, 60);
    const via = edgeName(parent, v);
    return `${via ? `${via} → ` : ''}${type} ${name}`;
  };
  const lines: HeapTreeLine[] = [];
  const walk = (v: number, depth: number) => {
    const kids = (children.get(v) ?? []).sort((a, b) => retained[b] - retained[a]);
    for (const c of kids) {
      lines.push({ depth, name: label(c, v), retainedBytes: retained[c] });
      if (depth < maxDepth) walk(c, depth + 1);
    }
  };
  walk(0, 0);
  return { totalBytes: retained[0], lines };
}

/** The tree as indented text, sizes in MB. */
export function formatTree(tree: { totalBytes: number; lines: HeapTreeLine[] }): string {
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
  return [`live heap ${mb(tree.totalBytes)}`, ...tree.lines.map(l => `${mb(l.retainedBytes).padStart(10)} ${'  '.repeat(l.depth)}${l.name}`)].join('\n');
}
