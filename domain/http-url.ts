/**
 * The absolute http(s) URL that `value` points at (resolved against `base`),
 * or undefined for any other scheme (javascript:, data:, vbscript: …) and for
 * what is no URL. Every renderer of a URL that comes from data uses this.
 */
export function httpUrl(value: string | null | undefined, base?: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
