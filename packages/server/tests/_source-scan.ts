import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * What the architecture guard rails (architecture.test.ts) read from packages/server/src: its
 * files, their query-builder calls, where they name the social graph's tables, and the import
 * graph with its cycles. Parsed with the TypeScript compiler, so comments and types never count.
 */

const SRC = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

export const files = sourceFiles().map((full) => path.relative(SRC, full).split(path.sep).join('/'));
const parsed = new Map<string, ts.SourceFile>();

/** Adds a source by name (the guard rails' own tests check the detectors on samples). */
export function addSource(name: string, text: string): string {
  parsed.set(name, ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true));
  return name;
}

export function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    const text = fs.readFileSync(path.join(SRC, file), 'utf8');
    source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

export const isTestHelper = (file: string) =>
  /\.test\.tsx?$/.test(file) || path.basename(file).startsWith('_');
export const isMigration = (file: string) => file.startsWith('db/');
export const isStore = (file: string) => file.endsWith('store.ts');

export interface Finding {
  file: string;
  line: number;
  what: string;
}
const lineOf = (source: ts.SourceFile, node: ts.Node) =>
  source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
export const report = (findings: Finding[]) =>
  findings.map((f) => `  ${f.file}:${f.line}  ${f.what}`).join('\n');

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** The called name: `db.selectFrom(...)` and `selectFrom(...)` (an expression builder's) alike. */
function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isIdentifier(callee)) return callee.text;
  return undefined;
}
const isSqlTag = (tag: ts.Expression) => ts.isIdentifier(tag) && tag.text === 'sql';

// Calls that start a statement, and those that name a table read by a statement.
const WRITES = new Set(['insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto']);
const STARTS = new Set(['selectFrom', ...WRITES]);
const SQL_HELPERS = new Set(['raw', 'ref', 'lit', 'join', 'id', 'table', 'val']);
// Hand-written SQL text in a string (what better-sqlite3's prepare or CompiledQuery.raw would run).
const RAW_SQL = /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+\S+\s+SET\b|\bDELETE\s+FROM\b/;

/** The query-builder uses of a file: each statement start, CTE, sql tag and raw SQL text. */
export function sqlUses(file: string): Finding[] {
  const source = parse(file);
  const found: Finding[] = [];
  walk(source, (node) => {
    let what: string | undefined;
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      const first = node.arguments[0];
      if (name && STARTS.has(name)) what = `${name}(`;
      else if ((name === 'with' || name === 'withRecursive') && first && ts.isStringLiteralLike(first))
        what = `${name}('${first.text}', ...) CTE`;
      else if (name === 'executeQuery') what = 'executeQuery(';
      else if (
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        ((node.expression.expression.text === 'sql' && SQL_HELPERS.has(node.expression.name.text)) ||
          (node.expression.expression.text === 'CompiledQuery' && node.expression.name.text === 'raw'))
      )
        what = `${node.expression.getText(source)}(`;
    } else if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) what = 'sql`...`';
    else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      RAW_SQL.test(node.text)
    )
      what = 'SQL text in a string';
    if (what) found.push({ file, line: lineOf(source, node), what });
  });
  return found;
}

// A table name (or `name as alias`) in a value position; qualified columns follow from it.
const GRAPH_TABLES = /^(friendships|blocks)(\s+as\s+\w+)?$/i;
const GRAPH_WORD = /\b(friendships|blocks)\b/i;

/** The statement a node belongs to: the innermost query chain around it (a subquery is a read). */
function statementOf(node: ts.Node): string | undefined {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (!ts.isCallExpression(at)) continue;
    // Down the chain `db.deleteFrom('blocks').where(...).execute()` to the call that starts it.
    let start: string | undefined;
    for (let link: ts.Expression = at; ; ) {
      if (ts.isCallExpression(link)) {
        const name = calleeName(link);
        if (name && STARTS.has(name)) start = name;
        link = link.expression;
      } else if (ts.isPropertyAccessExpression(link) || ts.isNonNullExpression(link)) link = link.expression;
      else break;
    }
    if (start) return start;
  }
  return undefined;
}

/** Where a file names the friendships or blocks table, and whether that statement reads or writes. */
export const graphUses = (file: string) => tableUses(file, GRAPH_TABLES, GRAPH_WORD);

// The ledger's tables (ledger_accounts, ledger_transfers, ledger_entries), with or without alias.
const LEDGER_TABLES = /^ledger_\w+(\s+as\s+\w+)?$/i;
const LEDGER_WORD = /\b(ledger_\w+)\b/i;
/** Where a file names one of the ledger's tables, read or write. */
export const ledgerUses = (file: string) => tableUses(file, LEDGER_TABLES, LEDGER_WORD);

/** Where a file names one of `tables` (a literal, a sql tag, raw SQL), and whether it reads or writes. */
function tableUses(file: string, tables: RegExp, word: RegExp): (Finding & { write: boolean })[] {
  const source = parse(file);
  const found: (Finding & { write: boolean })[] = [];
  walk(source, (node) => {
    let table: string | undefined;
    const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
    // A type (`ExpressionBuilder<Database, 'blocks'>`) runs no query; the statements using it do.
    if (literal && tables.test(node.text) && !ts.isLiteralTypeNode(node.parent)) table = node.text;
    else if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag))
      table = word.exec(node.template.getText(source))?.[1];
    else if (literal && RAW_SQL.test(node.text)) table = word.exec(node.text)?.[1];
    if (!table) return;
    const statement = statementOf(node);
    const write = statement !== undefined && WRITES.has(statement);
    const call = ts.isCallExpression(node.parent) ? calleeName(node.parent) : undefined;
    const named = call && call !== statement ? `${call}('${table}')` : `'${table}'`;
    const what = statement ? `${named} in a ${statement}(...) statement` : `'${table}' passed as a value`;
    found.push({ file, line: lineOf(source, node), what, write });
  });
  return found;
}

/** file -> the files it imports, relative specifiers resolved the way the bundler resolves them. */
export function importGraph(): Map<string, Set<string>> {
  const known = new Set(files);
  const resolve = (from: string, spec: string) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)).replace(/\.js$/, '');
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) =>
      known.has(f),
    );
  };
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const info = ts.preProcessFile(parse(file).text, true, true);
    const targets = info.importedFiles
      .filter((ref) => ref.fileName.startsWith('.'))
      .map((ref) => resolve(file, ref.fileName))
      .filter((target): target is string => Boolean(target));
    graph.set(file, new Set(targets));
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one node (or a node importing itself). */
export function stronglyConnected(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) components.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One shortest cycle through the component's first node, as a path that returns to it. */
export function shortestLoop(graph: Map<string, Set<string>>, component: string[]): string[] {
  const inside = new Set(component);
  const start = component[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at: string | undefined = node; at !== start && at; at = previous.get(at))
          loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

export function describeCycle(graph: Map<string, Set<string>>, component: string[]): string {
  const loop = shortestLoop(graph, component);
  const rest =
    component.length > loop.length - 1
      ? ` (and ${component.length - loop.length + 1} more files in the same knot: ${component.filter((f) => !loop.includes(f)).join(', ')})`
      : '';
  return `  ${loop.join(' -> ')}${rest}`;
}

export const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file)?.[1];

/** A feature's server texts: data that i18n composes (src/texts.ts), importing nothing. */
export const isFeatureTexts = (file: string) => /^features\/[^/]+\/(?:[^/]+\/)*texts\.ts$/.test(file);

/**
 * feature -> (feature it depends on -> a witness import path), where a file of one feature imports
 * a file of the other directly or through files outside features/ (policy/, http/, ...).
 */
export function featureGraph(graph: Map<string, Set<string>>): Map<string, Map<string, string[]>> {
  const result = new Map<string, Map<string, string[]>>();
  for (const file of graph.keys()) {
    const feature = featureOf(file);
    if (!feature) continue;
    const reached = result.get(feature) ?? new Map<string, string[]>();
    result.set(feature, reached);
    const seen = new Set([file]);
    const queue: string[][] = [[file]];
    while (queue.length) {
      const trail = queue.shift()!;
      for (const next of graph.get(trail[trail.length - 1]) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        const target = featureOf(next);
        if (target === feature) continue;
        // Reaching another feature's texts through i18n is reading the composed catalog, not
        // depending on that feature (docs/architecture.md, "Texts"); a direct import still counts.
        if (target && isFeatureTexts(next) && trail.length > 1) continue;
        if (target) {
          if (!reached.has(target)) reached.set(target, [...trail, next]);
        } else queue.push([...trail, next]);
      }
    }
  }
  return result;
}

/**
 * A file's folder for the folder-level rules: `features/<x>` for a feature, else its top-level
 * folder (http, push, media, policy, db, ...). The composition root's files at the top (app.ts,
 * deps.ts, config.ts, jobs.ts, main.ts) wire every folder together and belong to none.
 */
export function folderOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts.length === 1) return undefined;
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
}

/** folder -> (folder it imports directly -> one such import), test files and helpers left out. */
export function folderGraph(graph: Map<string, Set<string>>): Map<string, Map<string, string>> {
  const result = new Map<string, Map<string, string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!from || isTestHelper(file)) continue;
    for (const target of targets) {
      const to = folderOf(target);
      if (!to || to === from) continue;
      const reached = result.get(from) ?? new Map<string, string>();
      result.set(from, reached);
      if (!reached.has(to)) reached.set(to, `${file} -> ${target}`);
    }
  }
  return result;
}

const STANDING_COLUMNS = new Set(['banned_at', 'deleted_at', 'ban_until']);
const COMPARISONS = new Set([
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/**
 * A member's standing judged from its columns (`row.banned_at > 0`, `!row.deleted_at`): that is
 * policy/standing.ts's to say (isHidden, isBanned, isDeleted...), so one rule holds everywhere.
 */
export function standingJudgements(file: string): Finding[] {
  const source = parse(file);
  const found: Finding[] = [];
  walk(source, (node) => {
    if (!ts.isPropertyAccessExpression(node) || !STANDING_COLUMNS.has(node.name.text)) return;
    let parent = node.parent;
    while (
      ts.isParenthesizedExpression(parent) ||
      (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    )
      parent = parent.parent;
    const judged =
      (ts.isBinaryExpression(parent) && COMPARISONS.has(parent.operatorToken.kind)) ||
      (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken);
    if (judged) found.push({ file, line: lineOf(source, node), what: parent.getText(source) });
  });
  return found;
}
