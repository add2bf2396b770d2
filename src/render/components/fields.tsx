import type { ComponentChildren, JSX } from 'preact';
import { useSettings } from './context.js';
import { flag, stringList, stringProp } from './props.js';

/** Where a ParamField lives, from the prop that names it. */
const LOCATIONS = ['query', 'path', 'body', 'header'] as const;

export interface ParamFieldProps {
  readonly children?: ComponentChildren;
  readonly query?: unknown;
  readonly path?: unknown;
  readonly body?: unknown;
  readonly header?: unknown;
  /** Accepted when none of the four above is given. */
  readonly name?: unknown;
  readonly type?: unknown;
  readonly required?: unknown;
  readonly deprecated?: unknown;
  readonly default?: unknown;
  /** The playground's input hint: not shown (there is no playground in the page body). */
  readonly placeholder?: unknown;
}

export interface ResponseFieldProps {
  readonly children?: ComponentChildren;
  readonly name?: unknown;
  readonly type?: unknown;
  readonly required?: unknown;
  readonly deprecated?: unknown;
  readonly default?: unknown;
  /** Labels before the name. */
  readonly pre?: unknown;
  /** Labels after the type. */
  readonly post?: unknown;
}

/** `default` as written: strings as they are, other values as JSON (`{2}` → `2`, `{true}` → `true`). */
function defaultText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

interface FieldViewProps {
  readonly kind: 'param' | 'response';
  readonly name: string | undefined;
  readonly location?: string | undefined;
  readonly type: string | undefined;
  readonly required: boolean;
  readonly deprecated: boolean;
  readonly defaultValue: string | undefined;
  readonly pre: readonly string[];
  readonly post: readonly string[];
  readonly children?: ComponentChildren;
}

/**
 * `<div class="sheaf-field" data-field="param|response" id="param-NAME">`: a head line (name,
 * type, labels) and the description. Both kinds use the `param-` prefix with dots as dashes
 * (`thumbnails.background` → `#param-thumbnails-background`), as Mintlify's links expect. The name
 * links to the field's own anchor.
 */
function FieldView(props: FieldViewProps): JSX.Element {
  const { slug } = useSettings();
  const id = props.name !== undefined ? slug(`param-${props.name.replace(/\./g, '-')}`) : undefined;
  return (
    <div
      class="sheaf-field field"
      data-field={props.kind}
      data-location={props.location}
      data-deprecated={props.deprecated ? '' : undefined}
      id={id}
    >
      <div class="sheaf-field-head">
        {props.pre.map((label) => (
          <span class="sheaf-field-label">{label}</span>
        ))}
        {props.name !== undefined ? (
          <a class="sheaf-field-name" href={`#${id}`}>
            {props.name}
          </a>
        ) : null}
        {props.type !== undefined ? <span class="sheaf-field-type">{props.type}</span> : null}
        {props.post.map((label) => (
          <span class="sheaf-field-label">{label}</span>
        ))}
        {props.defaultValue !== undefined ? (
          <span class="sheaf-field-default">
            default: <code>{props.defaultValue}</code>
          </span>
        ) : null}
        {props.required ? <span class="sheaf-field-required">required</span> : null}
        {props.deprecated ? <span class="sheaf-field-deprecated">deprecated</span> : null}
      </div>
      {props.children !== undefined && props.children !== null ? <div class="sheaf-field-body">{props.children}</div> : null}
    </div>
  );
}

/** `<ParamField query|path|body|header="name">`: a request parameter. */
export function ParamField(props: ParamFieldProps): JSX.Element {
  const location = LOCATIONS.find((l) => stringProp(props[l]) !== undefined);
  return (
    <FieldView
      kind="param"
      name={location ? stringProp(props[location]) : stringProp(props.name)}
      location={location}
      type={stringProp(props.type)}
      required={flag(props.required)}
      deprecated={flag(props.deprecated)}
      defaultValue={defaultText(props.default)}
      pre={[]}
      post={[]}
    >
      {props.children}
    </FieldView>
  );
}

/** `<ResponseField name="…" type="…">`: a response value. */
export function ResponseField(props: ResponseFieldProps): JSX.Element {
  return (
    <FieldView
      kind="response"
      name={stringProp(props.name)}
      type={stringProp(props.type)}
      required={flag(props.required)}
      deprecated={flag(props.deprecated)}
      defaultValue={defaultText(props.default)}
      pre={stringList(props.pre)}
      post={stringList(props.post)}
    >
      {props.children}
    </FieldView>
  );
}
