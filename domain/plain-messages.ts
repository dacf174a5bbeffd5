/**
 * Words for the checks a schema leaves without a message of its own, installed as zod's locale
 * (the way zod ships its translations). A person never reads zod's own texts ("Too small: expected string to have
 * >=1 characters", "Invalid input: expected number, received NaN") or a pattern: each message stands on its own under
 * the field it is about ("This field is required", "This must be a number"). A schema's own message wins; importing
 * this file installs it, as every classic-zod schema file of domain/ and the console's entry do.
 */
import { z } from "zod";

type Issue = z.core.$ZodRawIssue;

const KINDS: Record<string, string> = {
  string: "This must be text",
  number: "This must be a number",
  int: "This must be a whole number",
  boolean: "This must be yes or no",
  array: "This must be a list",
  object: "This must be a group of fields",
};

const UNITS: Record<string, string> = { string: " characters", array: " entries", set: " entries" };

const FORMATS: Record<string, string> = {
  email: "This must be an e-mail address such as sales@dealer.example",
  url: "This must be a web address starting http:// or https://",
  datetime: "This must be a date and time such as 2026-11-25T09:00:00Z",
  date: "This must be a date such as 2026-11-25",
};

/** The words for one issue zod found. */
export function plainMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "This field is required";
      if (issue.expected === "number" && typeof issue.input === "number") return "This must be a number";
      return KINDS[issue.expected] ?? "This is not the right kind of value";
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return "This field is required";
      return `This must be at least ${Number(issue.minimum).toLocaleString("en-US")}${UNITS[issue.origin] ?? ""}`;
    case "too_big":
      return `This must be at most ${Number(issue.maximum).toLocaleString("en-US")}${UNITS[issue.origin] ?? ""}`;
    case "invalid_format":
      return FORMATS[issue.format] ?? "This is not in the expected form";
    case "invalid_value":
      return `This must be one of: ${issue.values.map(String).join(", ")}`;
    case "not_multiple_of":
      return Number(issue.divisor) === 1 ? "This must be a whole number" : `This must be a multiple of ${String(issue.divisor)}`;
    case "unrecognized_keys":
      return `This has fields the form does not know: ${issue.keys.join(", ")}`;
    default:
      return "This is not valid";
  }
}

z.config({ localeError: plainMessage });
