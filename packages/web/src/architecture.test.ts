import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app's import rules (docs/architecture.md): imports never run in a circle, and the
 * top-level folders depend one way, app -> features -> ui -> api -> contract, with i18n
 * usable by all. Features depend on each other one way too (no pair both ways, no circle);
 * what several features share lives in ui/ (ui/member for members), and composition across
 * features happens in app/. Only api/ (and the service worker) talks to the network.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** What each top-level folder of src may import besides itself (npm packages are free). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  app: ['features', 'ui', 'api', 'i18n'],
  features: ['ui', 'api', 'i18n'],
  ui: ['api', 'i18n'],
  api: ['i18n'],
  i18n: [],
  sw: ['i18n'],
};
/** Composition roots and test support see everything. */
const ROOT = '(root)';
const FREE_FOLDERS = new Set([ROOT, 'testing']);
/** Where `fetch(` may appear. */
const NETWORK_FOLDERS = new Set(['api', 'sw']);

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(candidate));
}

/** Every relative import of every file (static, type-only, re-export and dynamic import()). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((ref) => resolveImport(file, ref.fileName))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const folderOf = (file: string) => {
  const parts = rel(file).split('/');
  return parts.length === 1 ? ROOT : parts[0];
};

const FEATURES = path.join(SRC, 'features');
const featureOf = (file: string) =>
  file.startsWith(FEATURES + path.sep) ? path.relative(FEATURES, file).split(path.sep)[0] : undefined;

/**
 * A feature's texts.ts only registers its catalog (which lives in i18n/) so lazily loaded
 * pages carry their words; naming another feature's keys means importing it
 * (i18n/catalog.test.ts). Such an import carries no code, so it is no edge between features,
 * as long as texts.ts itself imports nothing but i18n/.
 */
const isTextsLoader = (file: string) => featureOf(file) !== undefined && path.basename(file) === 'texts.ts';

/** Feature -> features it imports (outside tests), with one example import per edge. */
function featureGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (!from || isTest(file)) continue;
    for (const target of targets) {
      const to = featureOf(target);
      if (!to || to === from || isTextsLoader(target)) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${rel(file)} -> ${rel(target)}`);
    }
  }
  return edges;
}

/** Pairs of features that import each other, each pair once with an import of each way. */
function twoWayPairs(edges: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  const pairs: string[] = [];
  for (const [from, targets] of edges)
    for (const [to, example] of targets) {
      const back = edges.get(to)?.get(from);
      if (back && from < to) pairs.push(`${from} <-> ${to}: ${example}; ${back}`);
    }
  return pairs;
}

const asAdjacency = (edges: ReadonlyMap<string, ReadonlyMap<string, string>>) =>
  new Map([...edges].map(([from, targets]) => [from, [...targets.keys()]]));

/** Calls of the global fetch: `fetch(...)`, `window.fetch(...)`, `globalThis.fetch(...)`. */
function fetchCalls(file: string): number[] {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes('fetch')) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const walk = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const global =
        (ts.isIdentifier(callee) && callee.text === 'fetch') ||
        (ts.isPropertyAccessExpression(callee) &&
          callee.name.text === 'fetch' &&
          ts.isIdentifier(callee.expression) &&
          ['window', 'globalThis', 'self'].includes(callee.expression.text));
      if (global) lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    }
    ts.forEachChild(node, walk);
  };
  walk(source);
  return lines;
}

const files = sourceFiles(SRC);
const graph = importGraph(files);

describe('web architecture', () => {
  it('reads the whole import graph', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(path.join(SRC, 'main.tsx'))?.length).toBeGreaterThan(0);
  });

  it('finds cycles, the way the checks below rely on', () => {
    const sample = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(cycles(sample)).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('has no import cycle between files', () => {
    expect(cycles(graph).map((component) => component.map(rel))).toEqual([]);
  });

  it('imports between top-level folders only go one way', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      if (FREE_FOLDERS.has(from) || isTest(file)) continue;
      const allowed = MAY_IMPORT[from];
      if (!allowed) {
        wrong.push(`${rel(file)}: folder ${from}/ has no rule in architecture.test.ts`);
        continue;
      }
      for (const target of targets) {
        const to = folderOf(target);
        if (to !== from && !allowed.includes(to)) wrong.push(`${rel(file)} -> ${rel(target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('features depend on each other one way: no pair imports both ways, no circle', () => {
    const edges = featureGraph(graph);
    expect(edges.size).toBeGreaterThan(5);
    expect(twoWayPairs(edges)).toEqual([]);
    expect(cycles(asAdjacency(edges))).toEqual([]);
  });

  it("lets a feature name another feature's texts only through a texts.ts that holds no code", () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      if (!isTextsLoader(file)) continue;
      for (const target of targets)
        if (folderOf(target) !== 'i18n') wrong.push(`${rel(file)} -> ${rel(target)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('finds features that import each other, the way the check above relies on', () => {
    const a = path.join(FEATURES, 'a', 'A.tsx');
    const b = path.join(FEATURES, 'b', 'B.tsx');
    const c = path.join(FEATURES, 'c', 'C.tsx');
    const bTexts = path.join(FEATURES, 'b', 'texts.ts');
    const sample = new Map([
      [a, [b]],
      [b, [c]],
      [c, [a, bTexts]],
    ]);
    const edges = featureGraph(sample);
    expect(cycles(asAdjacency(edges))).toEqual([['a', 'b', 'c']]);
    expect(twoWayPairs(edges)).toEqual([]);
    sample.set(b, [a]);
    expect(twoWayPairs(featureGraph(sample))).toEqual([
      'a <-> b: features/a/A.tsx -> features/b/B.tsx; features/b/B.tsx -> features/a/A.tsx',
    ]);
  });

  it('reaches the server only through api/ (components use the area modules, not the raw client)', () => {
    const client = path.join(SRC, 'api', 'client.ts');
    const wrong: string[] = [];
    for (const file of files) {
      const folder = folderOf(file);
      if (isTest(file) || folder === 'testing') continue;
      if (!NETWORK_FOLDERS.has(folder)) {
        for (const line of fetchCalls(file)) wrong.push(`${rel(file)}:${line} calls fetch`);
        if (graph.get(file)?.includes(client)) wrong.push(`${rel(file)} imports api/client`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("names each lazy part after the file it loads (the server links that file's chunk)", () => {
    const WEB = path.dirname(SRC);
    const parts: string[] = [];
    const wrong: string[] = [];
    for (const file of files) {
      if (isTest(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const [, name, specifier] of text.matchAll(
        /lazyPart\(\s*'([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)/g,
      )) {
        parts.push(name);
        const loaded = resolveImport(file, specifier);
        const module = name.split('#')[0];
        if (!loaded || path.relative(WEB, loaded).split(path.sep).join('/') !== module)
          wrong.push(`${rel(file)}: '${name}' loads ${specifier}`);
      }
    }
    expect(parts.length).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
    expect(new Set(parts).size).toBe(parts.length);
  });
});
