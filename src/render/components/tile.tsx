import { toChildArray, type ComponentChildren, type JSX } from 'preact';
import { nodeProp, stringProp } from './props.js';

export interface TileProps {
  readonly children?: ComponentChildren;
  readonly href?: unknown;
  readonly title?: unknown;
  readonly description?: unknown;
}

/**
 * `<a class="sheaf-tile" href>`: a preview area (the children, usually images) over a patterned
 * background, then title and description. Without `href` the tile is a `<div>`.
 */
export function Tile(props: TileProps): JSX.Element {
  const href = stringProp(props.href);
  const title = nodeProp(props.title);
  const description = nodeProp(props.description);
  const body = (
    <>
      {toChildArray(props.children).length > 0 ? <div class="sheaf-tile-preview">{props.children}</div> : null}
      {title !== undefined ? <div class="sheaf-tile-title">{title}</div> : null}
      {description !== undefined ? <div class="sheaf-tile-description">{description}</div> : null}
    </>
  );
  return href !== undefined ? (
    <a class="sheaf-tile tile" href={href}>
      {body}
    </a>
  ) : (
    <div class="sheaf-tile tile">{body}</div>
  );
}
