/**
 * An ESLint rule: no module reaches itself again through its imports, counting every kind of
 * import: static, dynamic `import()`, re-exports and type-only imports (import-x's no-cycle
 * skips the last, so a circle held together by a type import went unseen).
 *
 * The graph is read once per lint run from the project's own files with TypeScript's
 * preprocessor (imports only, no type checking), following relative specifiers and the
 * extensions the project uses. A file is reported when it lies on a circle, with the circle.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '.astro', '/index.ts', '/index.tsx'];
const graph = new Map();

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  const ts_ = base.replace(/\.js$/, '.ts');
  return existsSync(ts_) ? ts_ : null;
}

function source(file) {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.astro')) return text;
  // The frontmatter and the scripts of a component are where its imports are.
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
  return `${front}\n${scripts}`;
}

function importsOf(file) {
  if (graph.has(file)) return graph.get(file);
  const edges = [];
  graph.set(file, edges);
  if (!/\.(ts|tsx|mts|mjs|js|astro)$/.test(file)) return edges;
  const info = ts.preProcessFile(source(file), true, true);
  for (const ref of info.importedFiles) {
    const target = resolve(file, ref.fileName);
    if (target) edges.push(target);
  }
  return edges;
}

/** A path from `start` back to `start`, or null. */
function circleThrough(start) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, route] = stack.pop();
    for (const next of importsOf(file)) {
      if (next === start) return [...route, start];
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push([next, [...route, next]]);
    }
  }
  return null;
}

export default {
  meta: { type: 'problem', docs: { description: 'No import cycles, type-only imports included.' }, schema: [] },
  create(context) {
    const file = context.physicalFilename;
    return {
      Program(node) {
        const circle = circleThrough(file);
        if (circle) {
          const cwd = context.cwd;
          context.report({ node, message: `Import cycle: ${circle.map((f) => path.relative(cwd, f)).join(' -> ')}` });
        }
      },
    };
  },
};
