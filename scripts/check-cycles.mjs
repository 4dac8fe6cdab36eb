#!/usr/bin/env node
// Folder cycles of any length (`npm run lint` runs it after ESLint). Every relative import of server/src, web/src and
// packages/contracts/src counts, `import type` too: a folder that needs another one's types depends on it. A folder is
// a feature's folder (web/src/crud, server/src/datasources); files directly in a src/ count as one folder. The folders
// that reach each other through imports (a strongly connected component of the folder graph, two folders or twenty)
// are a cycle: each is printed with the cycles that make it, one import per edge, and the check fails. None is allowed
// (docs/architecture.md gives the layers; `node scripts/check-cycles.mjs --layers` prints them as the imports make them).
// Before the real graph it checks itself on a planted three-folder cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TREES = ['server/src', 'web/src', 'packages/contracts/src'];

/**
 * The folder cycles of a graph `Map<folder, Map<importedFolder, importThatMakesTheEdge>>`: one entry per strongly
 * connected component of two folders or more, with cycles (each a list of `{ from, to, via }` edges, shortest first)
 * that together take in every edge inside the component.
 */
export function folderCycles(graph) {
  const components = stronglyConnected(graph)
    .filter((c) => c.length > 1)
    .map((c) => c.sort());
  return components.map((members) => {
    const inside = new Set(members);
    const edges = members.flatMap((from) => [...(graph.get(from)?.keys() ?? [])].filter((to) => inside.has(to)).map((to) => [from, to]));
    const covered = new Set();
    const cycles = [];
    for (const [from, to] of edges) {
      if (covered.has(`${from}\n${to}`)) continue;
      // the edge, then the shortest way back from its end to its start inside the component
      const back = shortestPath(graph, inside, to, from);
      const nodes = [from, to, ...back];
      const cycle = nodes.slice(0, -1).map((a, i) => ({ from: a, to: nodes[i + 1], via: graph.get(a).get(nodes[i + 1]) }));
      for (const e of cycle) covered.add(`${e.from}\n${e.to}`);
      cycles.push(cycle);
    }
    return { folders: members, cycles };
  });
}

/** Tarjan's algorithm, iterative (no recursion limit on a deep graph). */
function stronglyConnected(graph) {
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])]);
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  for (const root of [...nodes].sort()) {
    if (index.has(root)) continue;
    const work = [[root, [...(graph.get(root)?.keys() ?? [])].sort(), 0]];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, targets] = frame;
      if (frame[2] < targets.length) {
        const to = targets[frame[2]++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, [...(graph.get(to)?.keys() ?? [])].sort(), 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        components.push(component);
      }
    }
  }
  return components;
}

/** Breadth first from `start` to `end` over edges between folders of `inside`: the folders after `start`, `end` last. */
function shortestPath(graph, inside, start, end) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === end) break;
    for (const to of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!inside.has(to) || previous.has(to)) continue;
      previous.set(to, node);
      queue.push(to);
    }
  }
  const path = [];
  for (let node = end; node !== start; node = previous.get(node)) path.unshift(node);
  return path;
}

export function describeCycles(found) {
  return found.flatMap(({ folders, cycles }) => [
    `folders in a cycle (${folders.length}): ${folders.join(', ')}`,
    ...cycles.flatMap((cycle) => [`  ${[...cycle.map((e) => e.from), cycle[0].from].join(' -> ')}`, ...cycle.map((e) => `    ${e.from} -> ${e.to}: ${e.via}`)]),
  ]);
}

function filesOf(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesOf(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folder a file belongs to: the first level below its tree's src (or the tree itself). */
function folderOf(tree, file) {
  const rel = relative(join(ROOT, tree), file).split('/');
  return rel.length > 1 ? `${tree}/${rel[0]}` : tree;
}

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** The repository's folder graph, each edge with the first import found that makes it (`file imports 'spec'`). */
export function repositoryGraph() {
  const graph = new Map();
  const imports = new Map();
  for (const tree of TREES) {
    for (const file of filesOf(join(ROOT, tree)).sort()) {
      const from = folderOf(tree, file);
      if (!graph.has(from)) graph.set(from, new Map());
      for (const { fileName: spec } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        if (!spec.startsWith('.')) continue;
        const target = resolveImport(file, spec);
        if (!target || !target.startsWith(join(ROOT, tree))) continue;
        const to = folderOf(tree, target);
        if (to === from) continue;
        if (!imports.has(`${from}\n${to}`)) imports.set(`${from}\n${to}`, []);
        imports.get(`${from}\n${to}`).push(`${relative(ROOT, file)} imports '${spec}'`);
      }
    }
  }
  for (const [key, list] of imports) {
    const [from, to] = key.split('\n');
    graph.get(from).set(to, list.length > 1 ? `${list[0]} (and ${list.length - 1} more)` : list[0]);
  }
  return graph;
}

/** The checker on a planted graph: a three-folder cycle beside an acyclic part must come out whole, and only it. */
function selfCheck() {
  const graph = new Map([
    ['a', new Map([['b', 'a.ts -> b']])],
    [
      'b',
      new Map([
        ['c', 'b.ts -> c'],
        ['d', 'b.ts -> d'],
      ]),
    ],
    ['c', new Map([['a', 'c.ts -> a']])],
    ['d', new Map([['e', 'd.ts -> e']])],
  ]);
  const found = folderCycles(graph);
  const path = found[0]?.cycles.map((c) => c.map((e) => `${e.from}>${e.to}`).join(' ')).join('|');
  if (found.length !== 1 || found[0].folders.join() !== 'a,b,c' || path !== 'a>b b>c c>a') {
    throw new Error(`check-cycles misses a planted three-folder cycle: ${JSON.stringify(found)}`);
  }
  if (
    folderCycles(
      new Map([
        ['a', new Map([['b', '']])],
        ['b', new Map([['c', '']])],
      ]),
    ).length !== 0
  ) {
    throw new Error('check-cycles reports a cycle in a graph without one');
  }
}

/**
 * The layers of an acyclic folder graph, lowest first: a folder's layer is one above the highest folder it imports
 * (a folder that imports none is layer 0), so every import goes down. `--layers` prints them per tree for
 * docs/architecture.md.
 */
export function folderLayers(graph) {
  const layer = new Map();
  const of = (folder) => {
    if (!layer.has(folder)) layer.set(folder, Math.max(-1, ...[...(graph.get(folder)?.keys() ?? [])].map(of)) + 1);
    return layer.get(folder);
  };
  const layers = [];
  const folders = new Set([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])]);
  for (const folder of [...folders].sort()) (layers[of(folder)] ??= []).push(folder);
  return layers;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  selfCheck();
  const graph = repositoryGraph();
  const found = folderCycles(graph);
  if (process.argv.includes('--layers') && found.length === 0) {
    for (const tree of TREES) {
      const inTree = new Map([...graph].filter(([folder]) => folder.startsWith(`${tree}/`)));
      console.log(`${tree}, lowest first:`);
      folderLayers(inTree).forEach((folders, i) => console.log(`  ${i}: ${folders.map((f) => f.slice(tree.length + 1)).join(' · ')}`));
    }
  }
  for (const line of describeCycles(found)) console.error(line);
  if (found.length > 0) {
    console.error(`${found.length} folder cycle(s): break each by moving the shared piece down a layer or by a registration (docs/architecture.md)`);
    process.exit(1);
  }
  const edges = [...graph.values()].reduce((n, m) => n + m.size, 0);
  console.log(`folder cycles of any length: none (${graph.size} folders, ${edges} folder imports)`);
}
