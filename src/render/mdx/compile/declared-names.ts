import type { Pattern, Program, Statement, ModuleDeclaration, Directive } from 'estree';
import type { Root } from 'mdast';

function patternNames(pattern: Pattern | null, out: Set<string>): void {
  if (!pattern) return;
  switch (pattern.type) {
    case 'Identifier':
      out.add(pattern.name);
      break;
    case 'ObjectPattern':
      for (const p of pattern.properties) patternNames(p.type === 'RestElement' ? p.argument : p.value, out);
      break;
    case 'ArrayPattern':
      for (const e of pattern.elements) patternNames(e, out);
      break;
    case 'RestElement':
      patternNames(pattern.argument, out);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left, out);
      break;
    default:
      break;
  }
}

function statementNames(node: Statement | ModuleDeclaration | Directive, out: Set<string>): void {
  if (node.type === 'VariableDeclaration') for (const d of node.declarations) patternNames(d.id, out);
  else if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id) out.add(node.id.name);
  else if (node.type === 'ImportDeclaration') for (const s of node.specifiers) out.add(s.local.name);
  else if (node.type === 'ExportNamedDeclaration' && node.declaration) statementNames(node.declaration, out);
}

/** Names declared at the top level of a module's ESM (imports, `export const`, functions). */
export function declaredNames(tree: Root): Set<string> {
  const out = new Set<string>();
  for (const child of tree.children) {
    if (child.type !== 'mdxjsEsm') continue;
    const program = child.data?.estree as Program | undefined;
    for (const node of program?.body ?? []) statementNames(node, out);
  }
  return out;
}
