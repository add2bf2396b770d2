import type { ComponentChildren, JSX } from 'preact';

/**
 * `<Visibility for="humans|agents">`: the HTML page is for humans, so `humans` content renders
 * (without a wrapper) and `agents` content does not. The Markdown copy applies the opposite rule
 * (MDX pipeline).
 */
export function Visibility(props: { readonly children?: ComponentChildren; readonly for?: unknown }): JSX.Element | null {
  return props.for === 'agents' ? null : <>{props.children}</>;
}
