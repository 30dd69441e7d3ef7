import ts from 'typescript';
import { type Finding, parse } from './_source-scan';

/**
 * What the effects guard rail (architecture-effects.test.ts) reads: effects started inside a
 * transaction's callback, and mail or Web Push sent around the outbox (docs/architecture.md,
 * "Effects after commit").
 */

/** Calls whose function arguments run inside a transaction. */
function transactionWork(call: ts.CallExpression): ts.Node[] {
  const callee = call.expression;
  const fns = call.arguments.filter((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a));
  if (ts.isPropertyAccessExpression(callee)) {
    const name = callee.name.text;
    // db.transaction().execute(work)
    if (name === 'execute' && ts.isCallExpression(callee.expression)) {
      const inner = callee.expression.expression;
      if (ts.isPropertyAccessExpression(inner) && inner.name.text === 'transaction') return fns;
    }
    // deps.unitOfWork(work), unitOfWork.grouped(work), deps.ledger.run(spec, work)
    if (name === 'unitOfWork' || name === 'grouped') return fns;
    if (name === 'run' && /ledger$/.test(callee.expression.getText())) return fns;
  }
  if (ts.isIdentifier(callee)) {
    if (callee.text === 'unitOfWork' || callee.text === 'inTransaction') return fns;
    // inGroupCommit(db, work, committed): only `work` runs in the transaction.
    if (callee.text === 'inGroupCommit') return call.arguments.slice(1, 2);
  }
  return [];
}

// Starting an effect directly: a socket push, a bus message, mail, Web Push.
const EFFECT =
  /(^|\.)(effects|bus|hub)\.publish$|(^|\.)mailer\.send$|sendMail$|(^|\.)webPush\.(notify|deliverNow|consider)$/;
// Mail and Web Push sent around the outbox.
const AROUND_OUTBOX = /(^|\.)mailer\.send$|sendMail$|(^|\.)webPush\.(notify|deliverNow)$/;

const lineOf = (source: ts.SourceFile, node: ts.Node) =>
  source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** `after.run(...)` and `after.publish(...)` run after commit: their arguments are not inside. */
const isCollector = (call: ts.CallExpression) =>
  ts.isPropertyAccessExpression(call.expression) && /^after$/.test(call.expression.expression.getText());

/** Effects started inside a transaction callback, where a rollback could not take them back. */
export function effectsInTransactions(file: string): Finding[] {
  const source = parse(file);
  const found: Finding[] = [];
  const walk = (node: ts.Node, inside: boolean) => {
    if (ts.isCallExpression(node)) {
      if (inside && isCollector(node)) return;
      const callee = node.expression.getText(source);
      if (inside && EFFECT.test(callee))
        found.push({
          file,
          line: lineOf(source, node),
          what: `${callee}(...) inside a transaction callback`,
        });
      const work = new Set(transactionWork(node));
      node.forEachChild((child) => walk(child, inside || work.has(child)));
      return;
    }
    node.forEachChild((child) => walk(child, inside));
  };
  walk(source, false);
  return found;
}

/** Mail and Web Push that do not go through the outbox (`after.mail`, `after.notify`). */
export function effectsAroundOutbox(file: string): Finding[] {
  const source = parse(file);
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (AROUND_OUTBOX.test(callee))
        found.push({ file, line: lineOf(source, node), what: `${callee}(...) outside the outbox` });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}
