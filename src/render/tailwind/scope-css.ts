import type { AtRule, Root, Rule } from 'postcss';

/**
 * Confines Tailwind's output to page bodies, so it cannot restyle Sheaf's layout.
 *
 * - Utilities and components (`prose`) get the scope as an ancestor: `.mx-auto` becomes
 *   `.sheaf-content .mx-auto`. That adds one class of specificity, the amount Tailwind's own
 *   `important: '<selector>'` option adds (which scopes utilities only, not `prose`). It is what
 *   makes an author's `mt-4` or `text-gray-900` beat Sheaf's body typography
 *   (`.sheaf-content :where(p)`, one class) whatever order the stylesheets load in, as utilities
 *   beat Mintlify's own prose styles; and a dark variant (`.dark\:x:is(.dark *)`) stays one class
 *   above its light twin.
 * - Base rules (`*, ::before, ::after`, `::before, ::after`, `::backdrop`: Tailwind's `--tw-*`
 *   defaults and the few preflight defaults) get the scope inside `:where()`: they reach only
 *   elements in page bodies, at zero specificity, so any rule of Sheaf's own (at least one class)
 *   still wins over them.
 *
 * Keyframe selectors (`from`, `50%`) are left alone. Mutates `root`.
 */
export function scopeRoot(root: Root, scope: string): void {
  const ancestor = scope.includes(',') ? `:is(${scope})` : scope;
  root.walkRules((rule: Rule) => {
    if (insideKeyframes(rule)) return;
    rule.selectors = isBaseRule(rule) ? rule.selectors.map((s) => `:where(${scope}) ${s}`) : rule.selectors.map((s) => `${ancestor} ${s}`);
  });
}

/** The selector lists of Tailwind's base layer and of the preflight defaults added beside it. */
const BASE_SELECTORS = new Set(['*|::before|::after', '::before|::after', '::backdrop']);

/** True for a rule of the base layer (before scoping): one that styles no class of an author's. */
export function isBaseRule(rule: Rule): boolean {
  return BASE_SELECTORS.has(rule.selectors.join('|'));
}

function insideKeyframes(rule: Rule): boolean {
  for (let p = rule.parent; p && p.type !== 'root'; p = p.parent) {
    if (p.type === 'atrule' && /keyframes$/i.test((p as AtRule).name)) return true;
  }
  return false;
}
