/** The colour themes every widget takes: light (default), dark, or auto (following the device's prefers-color-scheme). */
export const THEMES = ["light", "dark", "auto"] as const;

/** The levels a widget's `heading-level` takes for its top heading. */
export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;

/**
 * What is wrong with the attributes every widget shares: `theme`, and `heading-level` (`level`, as the widget reads
 * it; undefined on a widget without headings). Each problem is worded for a prefixed warning; none when they are
 * absent or right.
 */
export function commonAttributeProblems(host: Element, level: number | undefined): string[] {
  const problems: string[] = [];
  const theme = host.getAttribute("theme");
  if (theme !== null && !(THEMES as readonly string[]).includes(theme)) {
    problems.push(`"theme" must be one of ${THEMES.join(", ")}, got "${theme}"; using light`);
  }
  if (level !== undefined && !(HEADING_LEVELS as readonly number[]).includes(level)) {
    problems.push(`"heading-level" must be one of ${HEADING_LEVELS.join(", ")}, got "${host.getAttribute("heading-level")}"; using the default`);
  }
  return problems;
}
