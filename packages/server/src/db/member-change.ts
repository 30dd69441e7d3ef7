import type { CompiledQuery, OperationNode } from 'kysely';

// Reads a compiled statement and says which members it changes (db/member-writes.ts tells
// the listeners). Split from the driver wrapper so each file does one thing.

/**
 * Which members' rows or sessions a write changed: some ids, some session hashes, or, when the
 * statement doesn't say (a raw UPDATE, a WHERE on another column), everyone.
 */
export type MemberChange = { all: true } | { all?: false; userIds: number[]; sessionHashes: string[] };

/** Two changes seen in one transaction, told as one at COMMIT. */
export function merge(a: MemberChange, b: MemberChange): MemberChange {
  if (a.all || b.all) return { all: true };
  return { userIds: [...a.userIds, ...b.userIds], sessionHashes: [...a.sessionHashes, ...b.sessionHashes] };
}

type Node = OperationNode & Record<string, any>;

const WATCHED = new Set(['users', 'sessions']);
const RAW_WRITE =
  /\b(update|delete\s+from|merge\s+into|insert\s+or\s+replace\s+into|replace\s+into)\s+(?:"?\w+"?\.)?"?(users|sessions)\b/i;
const RAW_UPSERT = /\binsert\s+into\s+(?:"?\w+"?\.)?"?users\b[\s\S]*\bon\s+conflict\b/i;

/** The members a statement changes, or undefined when it changes none (reads, other tables). */
export function changeOf(query: CompiledQuery): MemberChange | undefined {
  const node = query.query as Node;
  switch (node.kind) {
    case 'SelectQueryNode':
      return node.with ? rawChange(query.sql) : undefined;
    case 'UpdateQueryNode': {
      if (node.with) return rawChange(query.sql) ?? tableChange(node.table, node.where);
      return tableChange(node.table, node.where);
    }
    case 'DeleteQueryNode': {
      if (node.with || node.using || node.joins) return rawChange(query.sql) ?? everyoneIfWatched(node.from);
      const froms = node.from?.froms as Node[] | undefined;
      if (froms?.length !== 1) return everyoneIfWatched(node.from);
      return tableChange(froms[0], node.where);
    }
    case 'InsertQueryNode': {
      // New rows are in no cache; replacing or upserting a member's row changes it.
      const table = tableName(node.into);
      if (table !== 'users' && !(table === 'sessions' && (node.replace || node.orAction))) return undefined;
      return node.onConflict || node.onDuplicateKey || node.replace || node.orAction
        ? { all: true }
        : undefined;
    }
    case 'CreateTableNode':
    case 'CreateIndexNode':
      return undefined;
    default:
      // Raw SQL (sql`...`), merges, schema changes: by the text.
      return rawChange(query.sql);
  }
}

function rawChange(text: string): MemberChange | undefined {
  return RAW_WRITE.test(text) || RAW_UPSERT.test(text) ? { all: true } : undefined;
}

function tableName(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableName(node.node as Node);
  if (node.kind === 'TableNode') return node.table.identifier.name;
  return undefined;
}

function everyoneIfWatched(from: Node | undefined): MemberChange | undefined {
  const froms = (from?.froms ?? []) as Node[];
  return froms.some((f) => WATCHED.has(tableName(f) ?? '')) ? { all: true } : undefined;
}

function tableChange(tableNode: Node | undefined, where: Node | undefined): MemberChange | undefined {
  const table = tableName(tableNode);
  if (table === undefined) return tableNode ? { all: true } : undefined;
  if (!WATCHED.has(table)) return undefined;
  const condition = where?.where as Node | undefined;
  if (table === 'users') {
    const ids = pinned(condition, 'id');
    return ids ? { userIds: ids as number[], sessionHashes: [] } : { all: true };
  }
  const ids = pinned(condition, 'user_id');
  if (ids) return { userIds: ids as number[], sessionHashes: [] };
  const hashes = pinned(condition, 'id_hash');
  return hashes ? { userIds: [], sessionHashes: hashes as string[] } : { all: true };
}

/**
 * The values a condition pins `column` to (`column = v`, `column in (...)`, either side of an
 * AND), or undefined when it doesn't pin it. A superset is fine: more is dropped, never less.
 */
function pinned(node: Node | undefined, column: string): unknown[] | undefined {
  if (!node) return undefined;
  switch (node.kind) {
    case 'ParensNode':
      return pinned(node.node, column);
    case 'AndNode':
      return pinned(node.left, column) ?? pinned(node.right, column);
    case 'OrNode': {
      const left = pinned(node.left, column);
      const right = left && pinned(node.right, column);
      return left && right ? [...left, ...right] : undefined;
    }
    case 'BinaryOperationNode': {
      const op = node.operator?.operator;
      if ((op !== '=' && op !== 'in') || columnName(node.leftOperand) !== column) return undefined;
      return values(node.rightOperand);
    }
    default:
      return undefined;
  }
}

function columnName(node: Node | undefined): string | undefined {
  if (node?.kind === 'ReferenceNode' && node.column?.kind === 'ColumnNode') return node.column.column.name;
  if (node?.kind === 'ColumnNode') return node.column.name;
  return undefined;
}

// Only plain ids and hashes: a stand-in (db/prepared.ts builds queries once with placeholders
// for their arguments) says nothing about the row, so the change is taken to be everyone's.
const plain = (v: unknown) => typeof v === 'number' || typeof v === 'string';

function values(node: Node | undefined): unknown[] | undefined {
  if (!node) return undefined;
  if (node.kind === 'ValueNode') return plain(node.value) ? [node.value] : undefined;
  if (node.kind === 'PrimitiveValueListNode') return node.values.every(plain) ? [...node.values] : undefined;
  if (node.kind === 'ValueListNode') {
    const out: unknown[] = [];
    for (const v of node.values as Node[]) {
      if (v.kind !== 'ValueNode' || !plain(v.value)) return undefined;
      out.push(v.value);
    }
    return out;
  }
  if (node.kind === 'ParensNode') return values(node.node);
  return undefined;
}
