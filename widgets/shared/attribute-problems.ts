import { THEMES } from "./common-attributes";
import { headingLevel } from "./headings";

/**
 * What is wrong with the attributes every widget shares: `theme`, and `heading-level` (`level`, as the widget reads
 * it; undefined on a widget without headings). Each problem is worded for a prefixed warning; none when they are
 * absent or right.
 */
export function commonAttributeProblems(host: Element, level: number | undefined): string[] {
  const theme = host.getAttribute("theme");
  return [
    theme !== null && !(THEMES as readonly string[]).includes(theme) ? `"theme" must be ${THEMES.join(", ")}, got "${theme}"` : "",
    level !== undefined && !headingLevel(level, 0) ? `"heading-level" must be 1 to 6, got "${host.getAttribute("heading-level")}"` : "",
  ];
}
