import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  addSource,
  describeCycle,
  featureGraph,
  featureOf,
  files,
  folderGraph,
  graphUses,
  importGraph,
  isFeatureTexts,
  isMigration,
  isStore,
  isTestHelper,
  ledgerUses,
  report,
  shortestLoop,
  sqlUses,
  standingJudgements,
  stronglyConnected,
} from './_source-scan';

/**
 * Guard rails of the server's layout (docs/architecture.md, "Guard rails"): SQL only in stores,
 * one reader of the social graph, the ledger's tables in its store alone, no import cycles. Each failure lists every violation with its
 * file and line, so whoever moves code sees the whole list at once.
 */

describe('architecture', () => {
  it('keeps SQL in stores: no query building outside *store.ts files and db/', () => {
    const outside = files.filter((f) => !isTestHelper(f) && !isMigration(f) && !isStore(f)).flatMap(sqlUses);
    if (outside.length)
      expect.fail(
        `SQL outside a store, ${outside.length} uses in ${new Set(outside.map((f) => f.file)).size} files (move it into the feature's store.ts, or db/ for shared infrastructure):\n${report(outside)}`,
      );
  });

  it('reads friendships and blocks only in policy/graph-store.ts', () => {
    const WRITERS = ['features/buddies/store.ts', 'features/people/store.ts'];
    const offending = files
      .filter((f) => !isTestHelper(f) && !isMigration(f) && f !== 'policy/graph-store.ts')
      .flatMap(graphUses)
      .filter((use) => !(use.write && WRITERS.includes(use.file)));
    if (offending.length)
      expect.fail(
        `The social graph is read outside policy/graph-store.ts, ${offending.length} uses in ${new Set(offending.map((f) => f.file)).size} files (ask policy/graph.ts instead; only ${WRITERS.join(' and ')} may also write those tables):\n${report(offending)}`,
      );
  });

  it('reads and writes the ledger tables only in ledger/store.ts', () => {
    const offending = files
      .filter((f) => !isTestHelper(f) && !isMigration(f) && f !== 'ledger/store.ts')
      .flatMap(ledgerUses);
    if (offending.length)
      expect.fail(
        `The ledger's tables are used outside ledger/store.ts, ${offending.length} uses in ${new Set(offending.map((f) => f.file)).size} files (ask deps.ledger instead: docs/ledger.md):\n${report(offending)}`,
      );
  });

  it('judges a member’s standing only through policy/standing.ts (no `row.banned_at > 0` elsewhere)', () => {
    const offending = files
      .filter((f) => !isTestHelper(f) && !isMigration(f) && !isStore(f) && !f.startsWith('policy/'))
      .flatMap(standingJudgements);
    if (offending.length)
      expect.fail(
        `A member's standing is judged from its columns outside policy/standing.ts, ${offending.length} uses (ask isHidden, isBanned, isDeleted... instead):\n${report(offending)}`,
      );
  });

  const graph = importGraph();

  it('has no file-level import cycles (type-only imports count)', () => {
    const cycles = stronglyConnected(graph).map((component) => describeCycle(graph, component));
    if (cycles.length) expect.fail(`${cycles.length} import cycles among files:\n${cycles.join('\n')}`);
  });

  it("keeps each feature's store to itself: features call other features' use cases or policy/", () => {
    const reaches = [...graph].flatMap(([file, targets]) =>
      [...targets]
        .filter((target) => isStore(target) && featureOf(target) && featureOf(file))
        .filter((target) => featureOf(target) !== featureOf(file))
        .map((target) => `  ${file} imports ${target}`),
    );
    if (reaches.length)
      expect.fail(`${reaches.length} imports of another feature's store:\n${reaches.join('\n')}`);
  });

  it("keeps features' texts.ts as data: they import nothing, so i18n may compose them", () => {
    const importing = [...graph]
      .filter(([file, targets]) => isFeatureTexts(file) && targets.size > 0)
      .map(([file, targets]) => `  ${file} imports ${[...targets].join(', ')}`);
    if (importing.length) expect.fail(`texts.ts files that import:\n${importing.join('\n')}`);
  });

  it('has no import cycles between feature folders', () => {
    const features = featureGraph(graph);
    const edges = new Map([...features].map(([from, to]) => [from, new Set(to.keys())]));
    const cycles = stronglyConnected(edges).map((component) => {
      const loop = shortestLoop(edges, component);
      return `  ${loop.join(' -> ')}\n${loop
        .slice(0, -1)
        .map(
          (from, i) =>
            `      ${from} -> ${loop[i + 1]}: ${features
              .get(from)!
              .get(loop[i + 1])!
              .join(' -> ')}`,
        )
        .join('\n')}`;
    });
    if (cycles.length)
      expect.fail(`${cycles.length} import cycles between features/<x> folders:\n${cycles.join('\n')}`);
  });

  it('has no import cycles between folders (http, push, media, policy, db, each feature...)', () => {
    const folders = folderGraph(graph);
    const edges = new Map([...folders].map(([from, to]) => [from, new Set(to.keys())]));
    const cycles = stronglyConnected(edges).map((component) => {
      const loop = shortestLoop(edges, component);
      const steps = loop.slice(0, -1).map((from, i) => `      ${folders.get(from)!.get(loop[i + 1])}`);
      return `  ${loop.join(' -> ')}\n${steps.join('\n')}`;
    });
    if (cycles.length) expect.fail(`${cycles.length} import cycles between folders:\n${cycles.join('\n')}`);
  });

  it('keeps http/ below the features: it imports none (features hand it what it needs in app.ts)', () => {
    const reaches = [...(folderGraph(graph).get('http') ?? new Map<string, string>())]
      .filter(([to]) => to.startsWith('features/'))
      .map(([, example]) => `  ${example}`);
    if (reaches.length) expect.fail(`http/ imports features:\n${reaches.join('\n')}`);
  });
});

describe('the guard rails themselves', () => {
  const source = addSource;

  it('see statements, CTEs, sql tags and raw SQL, not comments or array methods', () => {
    const file = source(
      'x/sample.ts',
      [
        "// db.selectFrom('users') in a comment",
        'const next = [1, 2].with(0, 3);',
        "await db.selectFrom('users').selectAll().execute();",
        'const one = sql<number>`select 1`;',
        "const raw = 'SELECT id FROM users';",
        "await db.with('t', (q) => q.selectFrom('x').selectAll()).selectFrom('t').selectAll().execute();",
        "const text = 'Select a photo from your album';",
      ].join('\n'),
    );
    expect(
      sqlUses(file)
        .map((u) => `${u.line} ${u.what}`)
        .sort(),
    ).toEqual([
      '3 selectFrom(',
      '4 sql`...`',
      '5 SQL text in a string',
      '6 selectFrom(',
      '6 selectFrom(',
      "6 with('t', ...) CTE",
    ]);
  });

  it('tell reads of the social graph from writes, subqueries included', () => {
    const file = source(
      'x/graph.ts',
      [
        "type Eb = ExpressionBuilder<Database, 'blocks'>;",
        "await db.deleteFrom('blocks').where('blocker_id', '=', me).execute();",
        "await db.deleteFrom('users').where((eb) => eb.exists(eb.selectFrom('friendships as f').select('f.user_id'))).execute();",
        "await db.selectFrom('users').innerJoin('blocks as b', 'b.blocked_id', 'users.id').selectAll().execute();",
        "idsWhere('friendships', me);",
      ].join('\n'),
    );
    expect(graphUses(file).map((u) => `${u.line} ${u.write ? 'write' : 'read'} ${u.what}`)).toEqual([
      "2 write 'blocks' in a deleteFrom(...) statement",
      "3 read 'friendships as f' in a selectFrom(...) statement",
      "4 read innerJoin('blocks as b') in a selectFrom(...) statement",
      "5 read 'friendships' passed as a value",
    ]);
  });

  it('see the ledger tables in statements, joins, sql tags and values', () => {
    const file = source(
      'x/ledger.ts',
      [
        "type Eb = ExpressionBuilder<Database, 'ledger_accounts'>;",
        "await db.selectFrom('users').leftJoin('ledger_accounts as love', 'love.owner_id', 'users.id').selectAll().execute();",
        "await db.updateTable('ledger_accounts').set({ balance: 0 }).execute();",
        'const n = sql<number>`select count(*) from ledger_entries`;',
        "const ledgers = 'ledgers of the past';",
      ].join('\n'),
    );
    expect(ledgerUses(file).map((u) => `${u.line} ${u.write ? 'write' : 'read'} ${u.what}`)).toEqual([
      "2 read leftJoin('ledger_accounts as love') in a selectFrom(...) statement",
      "3 write 'ledger_accounts' in a updateTable(...) statement",
      "4 read 'ledger_entries' passed as a value",
    ]);
  });

  it('see standing judged from its columns, not the columns passed along', () => {
    const file = source(
      'x/standing.ts',
      [
        'if (row.banned_at > 0) refuse();',
        'const gone = !!author && !(author.deleted_at ?? 0);',
        'const ok = (user.ban_until) === 0;',
        'const copy = { banned_at: row.banned_at, deleted_at: row.deleted_at };',
      ].join('\n'),
    );
    expect(standingJudgements(file).map((f) => `${f.line} ${f.what}`)).toEqual([
      '1 row.banned_at > 0',
      '2 !(author.deleted_at ?? 0)',
      '3 (user.ban_until) === 0',
    ]);
  });

  it('find every cycle, with one import path through it', () => {
    const edges = new Map(
      Object.entries({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'] }).map(([k, v]) => [k, new Set(v)]),
    );
    expect(stronglyConnected(edges)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(shortestLoop(edges, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a']);
    expect(shortestLoop(edges, ['e'])).toEqual(['e', 'e']);
  });

  it('see cycles between folders, and leave out tests and the composition root', () => {
    const sample = new Map(
      Object.entries({
        'http/a.ts': ['push/b.ts', 'deps.ts'],
        'push/b.ts': ['http/c.ts'],
        'http/c.ts': [],
        'deps.ts': ['http/a.ts'],
        'media/d.test.ts': ['features/x/e.ts'],
        'features/x/e.ts': ['media/f.ts'],
        'media/f.ts': [],
      }).map(([k, v]) => [k, new Set(v)]),
    );
    const folders = folderGraph(sample);
    const edges = new Map([...folders].map(([from, to]) => [from, new Set(to.keys())]));
    expect(stronglyConnected(edges)).toEqual([['http', 'push']]);
    expect(folders.get('http')?.get('push')).toBe('http/a.ts -> push/b.ts');
    expect(folders.get('media')).toBeUndefined();
  });

  it("see features reach each other through shared files, except a feature's texts through i18n", () => {
    const sample = new Map(
      Object.entries({
        'features/x/a.ts': ['i18n/messages.ts'],
        'features/y/b.ts': ['i18n/messages.ts', 'policy/p.ts'],
        'i18n/messages.ts': ['texts.ts'],
        'texts.ts': ['features/x/texts.ts', 'features/y/texts.ts'],
        'features/x/texts.ts': [],
        'features/y/texts.ts': [],
        'policy/p.ts': ['features/x/a.ts'],
        'features/x/c.ts': ['features/y/texts.ts'],
      }).map(([k, v]) => [k, new Set(v)]),
    );
    const features = featureGraph(sample);
    expect(features.get('y')?.get('x')).toEqual(['features/y/b.ts', 'policy/p.ts', 'features/x/a.ts']);
    // Only x's direct import of y's texts is an edge; through i18n neither reaches the other.
    expect([...(features.get('x')?.keys() ?? [])]).toEqual(['y']);
    expect(features.get('x')?.get('y')).toEqual(['features/x/c.ts', 'features/y/texts.ts']);
  });

  it('count type-only imports as edges', () => {
    const refs = ts.preProcessFile(
      "import type { A } from './a';\nexport type { B } from './b';",
      true,
      true,
    );
    expect(refs.importedFiles.map((r) => r.fileName)).toEqual(['./a', './b']);
  });
});
