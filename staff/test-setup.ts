import { afterEach, expect } from "vitest";
import { cleanup } from "@testing-library/react";

// Unexpected console.error output fails the test that caused it.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  cleanup();
  const seen = errors;
  errors = [];
  expect(seen, "unexpected console.error").toEqual([]);
});
