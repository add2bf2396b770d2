import type { JSX } from 'preact';
import { SOCIAL_ICONS, UI_ICONS, type UiIconName } from './icons.js';

/** An interface icon (Lucide stroke icon), decorative. */
export function UiIcon(props: { readonly name: UiIconName; readonly class?: string }): JSX.Element {
  return (
    <svg
      class={props.class ? `sheaf-ui-icon ${props.class}` : 'sheaf-ui-icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: UI_ICONS[props.name] }}
    />
  );
}

/** A brand icon of a `footer.socials` platform (or `github`/`discord` navbar links); the globe for unknown ones. */
export function SocialIcon(props: { readonly platform: string }): JSX.Element {
  const icon = SOCIAL_ICONS[props.platform] ?? (SOCIAL_ICONS['website'] as { viewBox: string; d: string });
  return (
    <svg class="sheaf-social-icon" viewBox={icon.viewBox} fill="currentColor" aria-hidden="true" focusable="false">
      <path d={icon.d} />
    </svg>
  );
}
