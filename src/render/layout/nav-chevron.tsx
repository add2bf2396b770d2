import type { JSX } from 'preact';
import { UiIcon } from './svg.js';

/** Id of the chevron symbol that large sidebars (and their fragments) use by reference. */
const CHEVRON_ID = 'sheaf-nav-chevron';

/** The chevron drawn once per large sidebar: each group refers to it (about 170 bytes saved per group). */
export function ChevronSymbol(): JSX.Element {
  return (
    <svg hidden>
      <symbol id={CHEVRON_ID} viewBox="0 0 24 24">
        <path d="m9 18 6-6-6-6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />
      </symbol>
    </svg>
  );
}

/** A group's open/closed chevron: inline, or (`compact`, in large sidebars) a reference to `ChevronSymbol`. */
export function Chevron({ compact }: { readonly compact: boolean }): JSX.Element {
  if (!compact) return <UiIcon name="chevron-right" class="sheaf-nav-chevron" />;
  return (
    <svg class="sheaf-ui-icon sheaf-nav-chevron" aria-hidden="true" focusable="false">
      <use href={`#${CHEVRON_ID}`} />
    </svg>
  );
}
