import ts from 'typescript';

/** Attributes a person reads or hears; their text must come from the catalogs. */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);
const HAS_LETTER = /\p{L}/u;

export interface Literal {
  line: number;
  text: string;
}

/** Finds user-visible literal text in a TSX source: JSX text, `{'...'}` children, text attributes. */
export function findLiterals(source: string, fileName = 'file.tsx'): Literal[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const report = (node: ts.Node, text: string) => {
    if (HAS_LETTER.test(text)) {
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const inner = node.expression;
      if (inner && (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)))
        report(inner, inner.text);
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) report(value, value.text);
      if (value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteral(value.expression)) {
        report(value.expression, value.expression.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
