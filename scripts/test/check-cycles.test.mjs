// The folder-cycle check of `npm run lint` (scripts/check-cycles.mjs) on planted graphs: it must find a cycle of any
// length, with the import that makes each edge, and nothing in a graph without one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeCycles, folderCycles, folderLayers } from '../check-cycles.mjs';

const graphOf = (edges) => {
  const graph = new Map();
  for (const [from, to] of edges) {
    if (!graph.has(from)) graph.set(from, new Map());
    graph.get(from).set(to, `${from}/x.ts imports '../${to}/y.ts'`);
  }
  return graph;
};

test('a three-folder cycle no two of whose folders import each other is found, with one import per edge', () => {
  const graph = graphOf([
    ['crud', 'forms'],
    ['forms', 'tables'],
    ['tables', 'crud'],
    ['tables', 'db'],
    ['crud', 'db'],
  ]);
  const found = folderCycles(graph);
  assert.deepEqual(
    found.map((c) => c.folders),
    [['crud', 'forms', 'tables']],
  );
  assert.deepEqual(
    found[0].cycles.map((cycle) => cycle.map((e) => `${e.from}>${e.to}`)),
    [['crud>forms', 'forms>tables', 'tables>crud']],
  );
  const text = describeCycles(found).join('\n');
  assert.match(text, /crud -> forms -> tables -> crud/);
  assert.match(text, /tables -> crud: tables\/x\.ts imports '\.\.\/crud\/y\.ts'/);
});

test('every edge inside a component is shown in some cycle; separate components are separate cycles', () => {
  const graph = graphOf([
    ['a', 'b'],
    ['b', 'a'],
    ['b', 'c'],
    ['c', 'a'],
    ['p', 'q'],
    ['q', 'r'],
    ['r', 's'],
    ['s', 'p'],
    ['s', 'a'],
  ]);
  const found = folderCycles(graph);
  assert.deepEqual(found.map((c) => c.folders).sort(), [
    ['a', 'b', 'c'],
    ['p', 'q', 'r', 's'],
  ]);
  const shown = new Set(found.flatMap((c) => c.cycles.flat().map((e) => `${e.from}>${e.to}`)));
  assert.deepEqual([...shown].sort(), ['a>b', 'b>a', 'b>c', 'c>a', 'p>q', 'q>r', 'r>s', 's>p']);
});

test('a graph without a cycle has none, and its layers put every import below its folder', () => {
  const graph = graphOf([
    ['forms', 'tables'],
    ['tables', 'crud'],
    ['forms', 'crud'],
    ['crud', 'db'],
  ]);
  assert.deepEqual(folderCycles(graph), []);
  assert.deepEqual(folderLayers(graph), [['db'], ['crud'], ['tables'], ['forms']]);
});
