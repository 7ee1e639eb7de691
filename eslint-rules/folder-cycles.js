/**
 * `local/folder-cycles`: no folder imports a folder that imports it back, directly or through others
 * (docs/architecture.md §2 "Layering"). `import-x/no-cycle` catches cycles between files; this rule catches them between folders:
 * src/providers/dataProvider.ts importing src/colis/model/colisMethods.ts, which imports src/providers/http.ts, would be
 * no file cycle but would tie the two folders into one block.
 *
 * What the graph is, built from the files on disk the first time the rule runs in a process (one `eslint` run; an
 * editor's long-lived ESLint server rebuilds it when it is more than MAX_AGE_MS old) and cached:
 * - a node is a folder: the directory of a file, relative to `basePath` (`src/colis`, `src/colis/wizard`,
 *   `server/colis`). A folder and its subfolder are distinct nodes: `src/colis` → `src/colis/wizard` →
 *   `src/colis` is a cycle. Exception: a file directly inside a root (`src/App.tsx`, `server/app.ts`,
 *   `server/config.ts`, each file of the flat `common/`) is its own node, named by its path: a root holds the entry
 *   points and the settings everything reads, not one area;
 * - an arrow A → B is any import of a file of B by a file of A, resolved like the bundler (the path, then the
 *   extensions, then `index.*`): `import`, `import type` (a type import ties two folders as much: one cannot be read,
 *   moved or published without the other), `export … from`, `import('…')` (lazy screens included) and `require('…')`.
 *   Only relative specifiers are followed (the project has no path aliases); a package or a file outside the roots
 *   is no node. Imports inside a folder are not arrows (file cycles are `import-x/no-cycle`'s).
 *
 * The linted file's arrows are read from its syntax tree; every other file's from its text (import lines at the start
 * of a line, `import(`/`require(` anywhere, whole-line comments skipped), which is enough for Prettier-formatted code
 * and keeps the graph of the whole project to a few tens of milliseconds.
 *
 * Reported: each import statement A → B of the linted file such that B reaches A, with the shortest way back:
 * "Cycle de dossiers : src/providers → src/colis → src/providers". Every arrow of a cycle is reported, on its own
 * import line, so a two-folder cycle shows an error in each folder.
 *
 * Options: `{ basePath, roots }`: the project directory (default: ESLint's cwd) and the folders whose files form the
 * graph (default `['src', 'server', 'common']`). A file outside the roots is not checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Extensions a specifier without one may resolve to, in the bundler's order. */
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** Files whose imports are read: scripts and modules (JSON, CSS, SQL… are leaves, found only as targets). */
const SOURCE = /\.(?:[mc]?[jt]s|[jt]sx)$/;

/** Age after which a cached graph is rebuilt (a lint run reads it once; an editor's server keeps going). */
const MAX_AGE_MS = 30_000;

/** Import lines, at a line start (a module's imports are top-level statements): `import … from`, `export … from`. */
const STATIC = /^[ \t]*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"\n]+)['"]/gm;
/** A side-effect import: `import './x.css'`. */
const BARE = /^[ \t]*import\s*['"]([^'"\n]+)['"]/gm;
/** `import('…')` (lazy modules, `import('…').T` types) and `require('…')`, anywhere. */
const CALL = /\b(?:import|require)\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g;
/** Comments that take whole lines (docstrings, `//` lines): they may quote an import. */
const COMMENT_LINES = /^[ \t]*\/\*[\s\S]*?\*\/|^[ \t]*\/\/.*$/gm;

/** Relative specifiers of a module's text. */
function specifiersOf(text) {
  const code = text.replace(COMMENT_LINES, '');
  const found = [];
  for (const re of [STATIC, BARE, CALL]) for (const m of code.matchAll(re)) if (m[1].startsWith('.')) found.push(m[1]);
  return found;
}

/** Every file under `dir` (absolute paths), skipping dependencies and hidden folders. */
function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** The project's folder graph: how to name a file's node, how to resolve a specifier, and the arrows between nodes. */
function buildGraph(basePath, roots) {
  const rootDirs = roots.map((r) => path.resolve(basePath, r));
  const files = rootDirs.flatMap((dir) => {
    try {
      return walk(dir, []);
    } catch {
      return []; // a root that does not exist (yet)
    }
  });
  const known = new Set(files);

  /** The absolute file a relative specifier of `from` names, or undefined (a package, a file outside the roots, a typo). */
  const resolve = (from, spec) => {
    const target = path.resolve(path.dirname(from), spec.replace(/[?#].*$/, ''));
    const candidates = [
      target,
      ...EXTENSIONS.map((ext) => target + ext),
      ...EXTENSIONS.map((ext) => path.join(target, `index${ext}`)),
      // TypeScript's ESM style: './x.js' names ./x.ts.
      ...(/\.[mc]?js$/.test(target) ? [target.replace(/js$/, 'ts'), target.replace(/\.js$/, '.tsx')] : []),
    ];
    return candidates.find((c) => known.has(c));
  };

  /** The node of a file: its folder, or the file itself when it sits directly inside a root. */
  const nodeOf = (file) => {
    const dir = path.dirname(file);
    const node = rootDirs.includes(dir) ? file : dir;
    return path.relative(basePath, node).split(path.sep).join('/');
  };

  /** node → the nodes it imports (itself excluded). */
  const arrows = new Map();
  for (const file of files) {
    if (!SOURCE.test(file)) continue;
    const from = nodeOf(file);
    let out = arrows.get(from);
    if (!out) arrows.set(from, (out = new Set()));
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // removed while the graph was read
    }
    for (const spec of specifiersOf(text)) {
      const target = resolve(file, spec);
      if (target === undefined) continue;
      const to = nodeOf(target);
      if (to !== from) out.add(to);
    }
  }

  /** The shortest way from node `start` to node `goal`, both included, or undefined (breadth-first). */
  const pathBetween = (start, goal) => {
    const previous = new Map([[start, null]]);
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const node = queue[i];
      if (node === goal) {
        const way = [];
        for (let n = node; n !== null; n = previous.get(n)) way.unshift(n);
        return way;
      }
      for (const next of arrows.get(node) ?? []) {
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    return undefined;
  };

  return { builtAt: Date.now(), rootDirs, resolve, nodeOf, pathBetween, arrows };
}

/** One graph per project and roots, for the whole process (rebuilt after MAX_AGE_MS). */
const graphs = new Map();

function graphFor(basePath, roots) {
  const key = `${basePath}\0${roots.join('\0')}`;
  let graph = graphs.get(key);
  if (!graph || Date.now() - graph.builtAt > MAX_AGE_MS) graphs.set(key, (graph = buildGraph(basePath, roots)));
  return graph;
}

/** @type {import('eslint').Rule.RuleModule} */
const folderCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that closes a cycle between folders (type imports included).' },
    schema: [
      {
        type: 'object',
        properties: {
          basePath: { type: 'string' },
          roots: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
        },
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Cycle de dossiers : {{cycle}}' },
  },

  create(context) {
    const { basePath = context.cwd, roots = ['src', 'server', 'common'] } = context.options[0] ?? {};
    const file = context.physicalFilename;
    const base = path.resolve(basePath);
    const inRoots = roots.some((r) => file.startsWith(path.resolve(base, r) + path.sep));
    if (!inRoots) return {};
    const graph = graphFor(base, roots);
    const from = graph.nodeOf(file);

    /** Reports `node` when the arrow it draws (from this file to `spec`) closes a cycle. */
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = graph.resolve(file, spec);
      if (target === undefined) return;
      const to = graph.nodeOf(target);
      if (to === from) return;
      const back = graph.pathBetween(to, from);
      if (back) context.report({ node, messageId: 'cycle', data: { cycle: [from, ...back].join(' → ') } });
    };
    const literal = (node) => (node && node.type === 'Literal' ? node.value : undefined);

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, literal(node.source)),
      // `import('./x').T` in a type (typescript-eslint: argument is a TSLiteralType).
      TSImportType: (node) => check(node, literal(node.argument?.literal ?? node.argument)),
      // `import x = require('./x')`.
      TSExternalModuleReference: (node) => check(node, literal(node.expression)),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) {
          check(node, literal(node.arguments[0]));
        }
      },
    };
  },
};

export default folderCycles;
