import type { JSX } from 'preact';
import { BuiltinIcon } from './builtin-icon.js';
import { classes, stringProp } from './props.js';

/** `owner/name` from a slug or a github.com URL; `undefined` when it is neither. */
export function repoSlug(value: unknown): string | undefined {
  const s = stringProp(value);
  if (s === undefined) return undefined;
  const m = /^(?:https?:\/\/(?:www\.)?github\.com\/)?([A-Za-z0-9][A-Za-z0-9-]*)\/([\w.-]+?)(?:\.git)?\/?(?:[?#].*)?$/.exec(s);
  return m && m[2] !== '.' && m[2] !== '..' ? `${m[1]}/${m[2]}` : undefined;
}

/**
 * `<a class="sheaf-github-repo" data-variant="inset|flat" href="https://github.com/OWNER/NAME">`: a
 * link card with the GitHub mark, owner and name. Built offline: no description, stars or forks.
 */
function Repo(props: { readonly repo?: unknown; readonly variant?: unknown; readonly className?: unknown }): JSX.Element | null {
  const slug = repoSlug(props.repo);
  if (slug === undefined) return null;
  const [owner, name] = slug.split('/');
  return (
    <a
      class={classes('sheaf-github-repo', stringProp(props.className))}
      data-variant={props.variant === 'flat' ? 'flat' : 'inset'}
      href={`https://github.com/${slug}`}
      target="_blank"
      rel="noreferrer"
    >
      <BuiltinIcon name="github" file={{ library: 'fontawesome', variant: 'brands', name: 'github' }} class="sheaf-github-mark" />
      <span class="sheaf-github-text">
        <span class="sheaf-github-slug">
          <span class="sheaf-github-owner">{owner}/</span>
          <span class="sheaf-github-name">{name}</span>
        </span>
        <span class="sheaf-github-host">github.com</span>
      </span>
      <BuiltinIcon name="arrow-up-right" class="sheaf-github-arrow" />
    </a>
  );
}

/** `GitHub` with its member `GitHub.Repo` (`<GitHub repo>` alone renders the same card). */
export const GitHub = Object.assign((props: Parameters<typeof Repo>[0]) => <Repo {...props} />, { Repo });
