import type { ComponentChildren, JSX } from 'preact';

/**
 * A small inline Markdown renderer for string props documented as Markdown (Frame `caption`,
 * Prompt `description`): `**strong**`/`__strong__`, `*em*`/`_em_`, `` `code` `` and
 * `[text](url)`. Everything else is text (escaped by preact). Unclosed markers stay literal.
 */
export function InlineMarkdown(props: { readonly text: string }): JSX.Element {
  return <>{parseInline(props.text)}</>;
}

const TOKEN = /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s](?:[^*]*[^*\s])?)\*|(?<![\w])_([^_\s](?:[^_]*[^_\s])?)_(?![\w])|\[([^\]]+)\]\(([^()\s]+(?:\([^()\s]*\))?[^()\s]*)\)/;

export function parseInline(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  let rest = text;
  while (rest !== '') {
    const m = TOKEN.exec(rest);
    if (!m) {
      out.push(rest);
      break;
    }
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const [, code, strong1, strong2, em1, em2, label, href] = m;
    if (code !== undefined) out.push(<code>{code}</code>);
    else if (strong1 !== undefined || strong2 !== undefined) out.push(<strong>{parseInline(strong1 ?? strong2 ?? '')}</strong>);
    else if (em1 !== undefined || em2 !== undefined) out.push(<em>{parseInline(em1 ?? em2 ?? '')}</em>);
    else if (label !== undefined && href !== undefined) out.push(<a href={href}>{parseInline(label)}</a>);
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}
