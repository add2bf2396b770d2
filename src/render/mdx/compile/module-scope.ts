import * as preact from 'preact';
import * as compat from 'preact/compat';
import * as hooks from 'preact/hooks';
import * as jsxRuntime from 'preact/jsx-runtime';

/**
 * Names a page, an MDX snippet or a JSX snippet may use without importing them, as on
 * Mintlify: `React` and the React hooks (served by preact). Immutable.
 */
export const MODULE_SCOPE: Readonly<Record<string, unknown>> = Object.freeze({
  React: compat.default,
  useState: hooks.useState,
  useEffect: hooks.useEffect,
  useLayoutEffect: hooks.useLayoutEffect,
  useRef: hooks.useRef,
  useMemo: hooks.useMemo,
  useCallback: hooks.useCallback,
  useContext: hooks.useContext,
  useReducer: hooks.useReducer,
  useId: hooks.useId,
  useImperativeHandle: hooks.useImperativeHandle,
  useDebugValue: hooks.useDebugValue,
});

/** Packages an import may name, mapped to the module that serves them. Anything else is unsupported. */
export const PACKAGES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = Object.freeze({
  react: compat,
  'react-dom': compat,
  'react/jsx-runtime': jsxRuntime,
  preact,
  'preact/hooks': hooks,
  'preact/compat': compat,
  'preact/jsx-runtime': jsxRuntime,
});

/** The JSX runtime MDX's compiled code reads from `arguments[0]`. */
export const JSX_RUNTIME = { Fragment: jsxRuntime.Fragment, jsx: jsxRuntime.jsx, jsxs: jsxRuntime.jsxs } as const;
