import type { JSX } from 'preact';
import { useSettings } from './context.js';
import type { IconFile } from './icons/icon-files.js';
import { sharedIconStore } from './icons/icon-store.js';
import { svgMarkup } from './icons/svg.js';

/**
 * A decorative icon the components choose themselves (callout presets, chevrons, folders): always
 * from lucide, whatever `icons.library` says, so the chrome looks the same on every site.
 * `file` picks another library's file (the GitHub mark). Renders nothing if the file is missing.
 */
export function BuiltinIcon(props: { readonly name: string; readonly class: string; readonly file?: IconFile }): JSX.Element | null {
  const store = useSettings().icons ?? sharedIconStore;
  const svg = store.read(props.file ?? { library: 'lucide', variant: '', name: props.name });
  if (!svg) return null;
  return <span class={props.class} aria-hidden="true" dangerouslySetInnerHTML={{ __html: svgMarkup(svg) }} />;
}
