import type { ComponentChildren, JSX } from 'preact';
import { useSettings } from './context.js';
import { nodeProp, stringList, textOf } from './props.js';

export interface UpdateProps {
  readonly children?: ComponentChildren;
  /** A string or an element (`label={<><Icon …/>Quickstart</>}`); its text is the anchor. */
  readonly label?: unknown;
  readonly description?: unknown;
  readonly tags?: unknown;
  /** RSS title and description: for feeds, not shown on the page. */
  readonly rss?: unknown;
}

/**
 * `<div class="sheaf-update" id="SLUG" data-tags="a,b">`: a changelog entry, meta column (label
 * linking to its own anchor, description, tags) beside the content. The id is the slug of the
 * label's text, as for headings.
 */
export function Update(props: UpdateProps): JSX.Element {
  const { slug } = useSettings();
  const labelText = textOf(props.label).trim();
  const id = labelText ? slug(labelText) : undefined;
  const description = nodeProp(props.description);
  const tags = stringList(props.tags);
  const label = props.label as ComponentChildren;
  return (
    <div class="sheaf-update update" id={id} data-tags={tags.length > 0 ? tags.join(',') : undefined}>
      <div class="sheaf-update-meta">
        {label !== undefined && label !== null && label !== '' ? (
          id !== undefined ? (
            <a class="sheaf-update-label" href={`#${id}`}>
              {label}
            </a>
          ) : (
            <span class="sheaf-update-label">{label}</span>
          )
        ) : null}
        {description !== undefined ? <p class="sheaf-update-description">{description}</p> : null}
        {tags.length > 0 ? (
          <ul class="sheaf-update-tags">
            {tags.map((t) => (
              <li class="sheaf-update-tag">{t}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div class="sheaf-update-body">{props.children}</div>
    </div>
  );
}
