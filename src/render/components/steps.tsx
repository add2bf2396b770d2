import { cloneElement, toChildArray, type ComponentChildren, type JSX, type VNode } from 'preact';
import { useSettings } from './context.js';
import { IconSlot } from './icon-slot.js';
import { flag, labelText, nodeProp, numberProp, stringProp } from './props.js';

const TITLE_SIZES = ['p', 'h2', 'h3', 'h4'] as const;
type TitleSize = (typeof TITLE_SIZES)[number];

function titleSize(value: unknown): TitleSize | undefined {
  return TITLE_SIZES.find((s) => s === value);
}

export interface StepsProps {
  readonly children?: ComponentChildren;
  /** `p` (default), `h2`, `h3` or `h4`, for every step that does not set its own. */
  readonly titleSize?: unknown;
}

/**
 * `<ol class="sheaf-steps">` of `<li class="sheaf-step">`. Steps hands each child component its
 * position (`stepNumber`, unless the step sets one; later steps count on from it) and the group's
 * `titleSize`, so the numbers are in the HTML.
 */
export function Steps(props: StepsProps): JSX.Element {
  const size = titleSize(props.titleSize);
  let next = 1;
  const children = toChildArray(props.children).map((child) => {
    if (typeof child !== 'object' || typeof child.type !== 'function') return child;
    const p = (child as VNode<StepProps>).props;
    const own = numberProp(p.stepNumber);
    const number = own ?? next;
    next = number + 1;
    return cloneElement(child, { stepNumber: number, titleSize: p.titleSize ?? size });
  });
  return <ol class="sheaf-steps steps">{children}</ol>;
}

export interface StepProps {
  readonly children?: ComponentChildren;
  readonly title?: unknown;
  readonly stepNumber?: unknown;
  readonly titleSize?: unknown;
  /** Replaces the number in the marker. */
  readonly icon?: unknown;
  readonly iconType?: unknown;
  /** Anchor id; default: the slug of the title. */
  readonly id?: unknown;
  /** No anchor link (and no id) for this step. */
  readonly noAnchor?: unknown;
}

/** `<li class="sheaf-step" id="ID">`: marker (number or icon), title, content. */
export function Step(props: StepProps): JSX.Element {
  const { slug } = useSettings();
  const title = nodeProp(props.title);
  const text = labelText(title);
  const noAnchor = flag(props.noAnchor);
  const id = noAnchor ? undefined : (stringProp(props.id) ?? (text !== '' ? slug(text) : undefined));
  const Title = titleSize(props.titleSize) ?? 'p';
  const number = numberProp(props.stepNumber);
  return (
    <li class="sheaf-step step" id={id} value={number}>
      <span class="sheaf-step-marker" aria-hidden="true">
        {props.icon !== undefined ? (
          <IconSlot icon={props.icon} iconType={stringProp(props.iconType)} class="sheaf-step-icon" />
        ) : (
          (number ?? '')
        )}
      </span>
      <div class="sheaf-step-content">
        {title !== undefined ? (
          <Title class="sheaf-step-title" data-size={Title}>
            {id !== undefined ? (
              <a class="sheaf-step-anchor" href={`#${id}`}>
                {title}
              </a>
            ) : (
              title
            )}
          </Title>
        ) : null}
        <div class="sheaf-step-body">{props.children}</div>
      </div>
    </li>
  );
}
