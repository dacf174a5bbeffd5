/**
 * What the widget bundles get for `import … from "react"`: preact/compat's
 * named exports, and a default export holding only the hooks our libraries
 * read from it. react-hook-form does `import React from "react"`; aliased
 * straight to preact/compat, that default object keeps every compat export
 * in every script (about 2 kB gzip). See docs/decisions/0005-widget-size.md.
 */
import {
  Fragment,
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "preact/compat";

// @ts-expect-error preact/compat's typings use `export =`; the module itself is plain ESM with named exports.
export * from "preact/compat";

export default {
  Fragment,
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
};
