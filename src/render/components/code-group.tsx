import { createContext, type ComponentChildren, type JSX } from 'preact';
import { useContext } from 'preact/hooks';
import { codeLabel } from './code-label.js';
import { flag } from './props.js';
import { inlineChildren } from './snippet-content.js';
import { TabBar } from './tabs.js';

export interface CodeGroupProps {
  readonly children?: ComponentChildren;
  /** A `<select>` instead of tab buttons. */
  readonly dropdown?: unknown;
}

/**
 * `<div class="sheaf-code-group" data-tabs data-sync>`: the tab markup of tabs.tsx around code
 * blocks. Each child code block becomes a `.sheaf-tab` panel labelled by `codeLabel`; the bar
 * (`.sheaf-code-group-bar`) also holds a copy button for the visible block. Without JavaScript
 * every block shows with its own header; once enhanced the CSS hides the blocks' own headers.
 * Text children (whitespace between blocks) are dropped; an imported snippet's content is
 * inlined first (its code blocks are tabs of their own, labelled by their titles), as on Mintlify.
 */
export function CodeGroup(props: CodeGroupProps): JSX.Element {
  const blocks = inlineChildren(props.children);
  const entries = blocks.map((b, i) => ({ title: codeLabel(b, i) }));
  const dropdown = flag(props.dropdown);
  return (
    <div class="sheaf-code-group code-group" data-tabs="" data-sync="" data-default-tab="0" data-dropdown={dropdown ? '' : undefined}>
      <TabBar entries={entries} selected={0} dropdown={dropdown} class="sheaf-code-group-bar">
        <button type="button" class="copy-button code-block-copy-button" aria-label="Copy code">
          Copy
        </button>
      </TabBar>
      {blocks.map((block, i) => (
        <div class="sheaf-tab sheaf-code-group-panel" data-tab-title={entries[i]?.title}>
          {block}
        </div>
      ))}
    </div>
  );
}

/** True inside a `<Panel>`: examples there join the panel instead of opening a second aside. */
const InPanel = createContext(false);

/** `<RequestExample>` / `<ResponseExample>`: a code group in the page's aside column. */
function example(kind: 'request' | 'response'): (props: CodeGroupProps) => JSX.Element {
  return (props) => {
    const group = <CodeGroup dropdown={props.dropdown}>{props.children}</CodeGroup>;
    return useContext(InPanel) ? (
      group
    ) : (
      <div class="sheaf-aside" data-aside={kind}>
        {group}
      </div>
    );
  };
}

export const RequestExample = example('request');
export const ResponseExample = example('response');

/** `<Panel>`: arbitrary content for the page's aside column (examples inside it render unwrapped). */
export function Panel(props: { readonly children?: ComponentChildren }): JSX.Element {
  return (
    <div class="sheaf-aside panel" data-aside="panel">
      <InPanel.Provider value={true}>{props.children}</InPanel.Provider>
    </div>
  );
}
