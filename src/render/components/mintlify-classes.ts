/**
 * Mintlify's documented class names for the content components, each on the element Sheaf renders
 * for that part, beside Sheaf's own `sheaf-*` class: a project's custom CSS and scripts written
 * against Mintlify's selectors (mintlify__docs `customize/custom-scripts.mdx`, "Element selectors",
 * "Content components"; the same names as `@mintlify/components`' `dist/constants/selectors.js`)
 * find them. Mintlify's own example, `.code-block-copy-button { display: none; }`, hides the copy
 * buttons of code blocks and code groups.
 *
 * Which element carries each name (the root of the component, as in `@mintlify/components`):
 * - `accordion` `details.sheaf-accordion`; `accordion-group` `div.sheaf-accordion-group`
 * - `callout` `div.sheaf-callout` (Note, Tip, Info, Warning, Danger, Check, Callout)
 * - `card` `div.sheaf-card`; `columns` `div.sheaf-columns` (Columns and CardGroup);
 *   `card-group` the same grid written as `<CardGroup>`
 * - `code-block` `div.code-block` (the MDX pipeline and API pages write it);
 *   `code-block-copy-button` its `button.copy-button`, and the code group's
 * - `code-group` `div.sheaf-code-group` (CodeGroup, RequestExample, ResponseExample)
 * - `expandable` `details.sheaf-expandable`; `field` `div.sheaf-field` (ParamField,
 *   ResponseField, and the fields of API pages)
 * - `frame` `figure.sheaf-frame`; `icon` the `<Icon>` component's `span.sheaf-icon`
 * - `mermaid` `pre.mermaid`; `panel` `<Panel>`'s `div.sheaf-aside`
 * - `steps` `ol.sheaf-steps`; `step` `li.sheaf-step`
 * - `tabs` `div.sheaf-tabs`; `tab-icon` a tab's icon (`.sheaf-tabs-icon`, in the bar and over
 *   the panel)
 * - `tile` `.sheaf-tile`; `tooltip` `span.sheaf-tooltip`; `update` `div.sheaf-update`
 * - `prompt` `div.sheaf-prompt` (listed with the API reference hooks)
 * - listed in selectors.js only: `tree`, `tree-folder`, `tree-file`, `color`, `color-row`,
 *   `color-item`, `multi-view-item` (`<View>`)
 *
 * Not rendered by Sheaf, so not written: `code-block-icon` and `code-block-fade-overlay` (code
 * blocks have no header icon and never collapse), and selectors.js's `tab`, which no component of
 * `@mintlify/components` puts on any element.
 */
export const MINTLIFY_COMPONENT_CLASSES: ReadonlySet<string> = new Set([
  'accordion',
  'accordion-group',
  'callout',
  'card',
  'card-group',
  'code-block',
  'code-block-copy-button',
  'code-group',
  'color',
  'color-item',
  'color-row',
  'columns',
  'expandable',
  'field',
  'frame',
  'icon',
  'mermaid',
  'multi-view-item',
  'panel',
  'prompt',
  'step',
  'steps',
  'tab-icon',
  'tabs',
  'tile',
  'tooltip',
  'tree',
  'tree-file',
  'tree-folder',
  'update',
]);
