import type { ComponentType } from 'preact';
import { Accordion, AccordionGroup } from './accordion.js';
import { Badge } from './badge.js';
import { Callout, Check, Danger, Info, Note, Tip, Warning } from './callout.js';
import { Card } from './card.js';
import { CodeGroup, Panel, RequestExample, ResponseExample } from './code-group.js';
import { Color } from './color.js';
import { CardGroup, Column, Columns } from './columns.js';
import { Expandable } from './expandable.js';
import { ParamField, ResponseField } from './fields.js';
import { Frame } from './frame.js';
import { GitHub } from './github.js';
import { Icon } from './icon.js';
import { Link } from './link.js';
import { Prompt } from './prompt.js';
import { Step, Steps } from './steps.js';
import { Tab, Tabs } from './tabs.js';
import { Tile } from './tile.js';
import { Tooltip } from './tooltip.js';
import { Tree } from './tree.js';
import { Update } from './update.js';
import { View } from './view.js';
import { Visibility } from './visibility.js';

/**
 * The MDX components: preact function components rendered to static HTML. Pass `components` to
 * the compiled MDX content. Dotted tags are members: `<Tree.Folder>` is `components.Tree.Folder`
 * (likewise `Tree.File`, `Color.Row`, `Color.Item`, `GitHub.Repo`).
 *
 * Page settings come from `ComponentContext` (all optional):
 *
 *   <ComponentContext.Provider value={{
 *     iconLibrary: config.icons?.library ?? 'fontawesome',  // docs.json `icons.library`
 *     slug: (text) => pageSlugger.slug(text),                 // unique ids within the page
 *     icons: createIconStore(),                               // default: sharedIconStore
 *   }}>
 *     <Content components={components} />
 *   </ComponentContext.Provider>
 *
 * Icon names are looked up in `iconLibrary` first, then in the other two libraries; URLs and
 * paths become `<img>`; unknown names render a hidden `[data-icon-missing]` span.
 *
 * Each component's root also carries the class Mintlify documents for it (`card`, `callout`, …;
 * mintlify-classes.ts), and Markdown's links carry `link` (the map's `a`, link.tsx).
 *
 * `RequestExample`, `ResponseExample` and `Panel` render `<div class="sheaf-aside" data-aside>` in
 * flow; the layout decides where asides go. Browser behaviour is in src/client/components/ and
 * the styles in src/render/styles/components.css.
 */
export type ComponentMap = Readonly<Record<string, AnyComponent>>;

/**
 * Any preact component, whatever its props. The map holds components of different props, and MDX
 * calls each with the props a page wrote, which only the component itself reads (each checks its
 * own, typed in its module). A component type is contravariant in its props, so the one type all
 * of them are assignable to takes props `never`: nothing outside can call one through the map
 * with props it has not checked, and no `any` is needed. MDX reads the map as plain values
 * (compile/adapt-components.ts).
 */
export type AnyComponent = ComponentType<never>;

export const components: ComponentMap = {
  // Markdown's links (`[text](url)`), never an `<a>` written as JSX: see link.tsx.
  a: Link,
  Accordion,
  AccordionGroup,
  Badge,
  Callout,
  Card,
  CardGroup,
  Check,
  CodeGroup,
  Color,
  Column,
  Columns,
  Danger,
  Expandable,
  FileTree: Tree,
  Frame,
  GitHub,
  Icon,
  Info,
  Note,
  Panel,
  ParamField,
  Prompt,
  RequestExample,
  ResponseExample,
  ResponseField,
  Step,
  Steps,
  Tab,
  Tabs,
  Tile,
  Tip,
  Tooltip,
  Tree,
  Update,
  View,
  Visibility,
  Warning,
};

export { ComponentContext, type ComponentSettings } from './context.js';
export { IconSlot, type IconSlotProps } from './icon-slot.js';
export { createIconStore, sharedIconStore, type IconStore } from './icons/icon-store.js';
export type { IconLibrary } from './icons/icon-files.js';
