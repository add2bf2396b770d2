import type { ContextualHref, ContextualVar } from '../../model/contextual.js';

/** The values of the placeholders on this page; one missing leaves the links that use it as rendered. */
export type ContextualValues = Partial<Record<ContextualVar, string>>;

/** Schemes never set as a link's target, whatever a template yields. */
const UNSAFE_SCHEME = /^\s*(javascript|data|vbscript):/i;

/** UTF-8 bytes of `text` as Base64. */
export function base64Utf8(text: string): string {
  let binary = '';
  new TextEncoder().encode(text).forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary);
}

/**
 * `text` with each `$var` of `vars` replaced by `replace(value)`, in one pass (a value holding
 * `$mcp` is never substituted again). Longer names first, so `$page` never reads as `$pa…`.
 */
export function substitute(text: string, vars: readonly ContextualVar[], values: ContextualValues, replace: (value: string) => string): string {
  if (vars.length === 0) return text;
  const names = [...vars].sort((a, b) => b.length - a.length).join('|');
  return text.replace(new RegExp(`\\$(${names})`, 'g'), (_m, name: ContextualVar) => replace(values[name] as string));
}

/**
 * The URL of a template (`ContextualHref`, see src/model/contextual.ts) with this page's values,
 * or undefined when a value it needs is not known yet or the result would run script.
 */
export function buildHref(template: ContextualHref, values: ContextualValues): string | undefined {
  if (template.vars.some((v) => values[v] === undefined)) return undefined;
  let href: string;
  if (template.kind === 'text') {
    href = substitute(template.text, template.vars, values, encodeURIComponent);
  } else {
    const query = template.query
      .map((q) => {
        const value = substitute(q.value, template.vars, values, (v) => v);
        return `${encodeURIComponent(q.key)}=${encodeURIComponent(q.base64 ? base64Utf8(value) : value)}`;
      })
      .join('&');
    href = query ? `${template.base}${template.base.indexOf('?') >= 0 ? '&' : '?'}${query}` : template.base;
  }
  return UNSAFE_SCHEME.test(href) ? undefined : href;
}

/** The template an element carries in `data-sheaf-contextual-href`, or undefined when it has none or it does not parse. */
export function templateOf(element: Element): ContextualHref | undefined {
  const raw = element.getAttribute('data-sheaf-contextual-href');
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as ContextualHref;
    return value && (value.kind === 'url' || value.kind === 'text') && Array.isArray(value.vars) ? value : undefined;
  } catch {
    return undefined;
  }
}
