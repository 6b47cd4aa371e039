import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Modules may depend on each other in one direction only (event-logs < notifications < teams < bookmarks <
// applications …), so each can be read, tested and changed without the ones above it. ESLint's import-x/no-cycle
// sees cycles between files; this test sees them between modules, tests and test helpers included.

const modulesDirectory = fileURLToPath(new URL('./modules/', import.meta.url));

/** For each module, the modules it imports, each with the import statements that make the edge. */
type ModuleGraph = Map<string, Map<string, string[]>>;

function buildModuleGraph(): ModuleGraph {
  const graph: ModuleGraph = new Map();
  const moduleOf = (file: string) => path.relative(modulesDirectory, file).split(path.sep)[0]!;
  const isInsideModules = (file: string) => !path.relative(modulesDirectory, file).startsWith('..');
  const sourceFiles = readdirSync(modulesDirectory, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(modulesDirectory, file));
  for (const file of sourceFiles) {
    const from = moduleOf(file);
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), fileName.replace(/\.js$/, '.ts'));
      if (!existsSync(target)) throw new Error(`${path.relative(modulesDirectory, file)}: cannot resolve ${fileName}`);
      if (!isInsideModules(target) || moduleOf(target) === from) continue;
      const evidence = `${path.relative(modulesDirectory, file)} imports ${fileName}`;
      edges.set(moduleOf(target), [...(edges.get(moduleOf(target)) ?? []), evidence]);
    }
  }
  return graph;
}

/** Every import edge that lies on a cycle, with the shortest cycle through it (each cycle once). */
function findModuleCycles(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const successors = (module: string) => [...(graph.get(module)?.keys() ?? [])].sort();
  function shortestPath(from: string, to: string): string[] | undefined {
    if (from === to) return [to];
    const previous = new Map<string, string>([[from, from]]);
    const queue = [from];
    while (queue.length > 0) {
      const module = queue.shift()!;
      for (const next of successors(module)) {
        if (previous.has(next)) continue;
        previous.set(next, module);
        if (next === to) {
          const walk = [to];
          while (walk[0] !== from) walk.unshift(previous.get(walk[0]!)!);
          return walk;
        }
        queue.push(next);
      }
    }
    return undefined;
  }
  const cycles = new Map<string, string[]>();
  for (const module of [...graph.keys()].sort()) {
    for (const next of successors(module)) {
      const back = shortestPath(next, module);
      if (!back) continue;
      const cycle = [module, ...back];
      // The same cycle entered at another module: keep the rotation that starts at its first name.
      const ring = cycle.slice(0, -1);
      const start = ring.indexOf([...ring].sort()[0]!);
      const canonical = [...ring.slice(start), ...ring.slice(0, start), ring[start]!];
      cycles.set(canonical.join(' -> '), canonical);
    }
  }
  return [...cycles.values()];
}

function describeCycle(graph: ModuleGraph, cycle: string[]): string {
  const steps = cycle.slice(1).map((to, index) => {
    const from = cycle[index]!;
    return `  ${from} -> ${to}: ${graph.get(from)!.get(to)!.join('; ')}`;
  });
  return [`${cycle.join(' -> ')}`, ...steps].join('\n');
}

describe('module boundaries', () => {
  it('finds a cycle in a graph that has one, and none in a graph that has none', () => {
    const edges = (...targets: string[]) => new Map(targets.map((target) => [target, []]));
    const cyclic = new Map([
      ['a', edges('b')],
      ['b', edges('c')],
      ['c', edges('a', 'd')],
      ['d', edges()],
    ]);
    expect(findModuleCycles(cyclic)).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      findModuleCycles(
        new Map([
          ['a', edges('b')],
          ['b', edges('d')],
          ['c', edges('a')],
        ]),
      ),
    ).toEqual([]);
  });

  it('src/modules import each other without cycles', () => {
    const graph = buildModuleGraph();
    // The graph is read from the sources: a parser that found nothing would pass any tree.
    expect(graph.get('teams')?.has('event-logs'), 'teams records events through event-logs').toBe(true);
    const cycles = findModuleCycles(graph).map((cycle) => describeCycle(graph, cycle));
    expect(
      cycles,
      `Modules import each other in a cycle; move what they share to the module that owns it or below both:\n${cycles.join('\n')}`,
    ).toEqual([]);
  });
});
