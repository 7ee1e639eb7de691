/**
 * No import cycle between the folders of server/ (docs/architecture.md §2): a folder never imports a folder that
 * imports it back, directly or through others. Type-only imports count too: they tie the folders as much.
 * The graph is built from the import lines of server/**.ts (a file at the root of server/, such as app.ts, is its
 * own node); an edge A → B means a file of A imports a file of B.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(__dirname, '../../server');

/** Every .ts file under a folder (migrations are SQL and JSON, and import nothing). */
function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsFiles(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

/** The node of a file: its top folder under server/, or the file name for a file at the root. */
const nodeOf = (file: string) => path.relative(SERVER, file).split(path.sep)[0];

/** Relative module specifiers of a file: import … from, export … from, import '…', import('…'). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const re = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (let m = re.exec(source); m; m = re.exec(source)) found.push(m[1]);
  return found;
}

/** Folder graph of server/: node → the nodes it imports (itself excluded). */
export function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of tsFiles(SERVER)) {
    const from = nodeOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(SERVER + path.sep)) continue; // common/, node_modules
      const to = nodeOf(target.endsWith('.ts') ? target : `${target}.ts`);
      if (to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The cycles of a graph, each once, as paths 'a → b → a' (depth-first search, Tarjan-free: the graph is small). */
export function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      if (next === start) {
        // Report each cycle once, from its smallest node.
        const ring = [...trail];
        const i = ring.indexOf([...ring].sort()[0]);
        const canonical = [...ring.slice(i), ...ring.slice(0, i)];
        found.add([...canonical, canonical[0]].join(' → '));
      } else if (!trail.includes(next) && next > start) {
        walk(start, next, [...trail, next]);
      }
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, start, [start]);
  return [...found].sort();
}

describe('server folders', () => {
  it('import each other without a cycle', () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual(['a → b → c → a']);
  });
});
