/** integrity.json: a release's version and, per script, its Subresource Integrity value (docs/partners/csp-and-sri.md, "Versioned scripts"). */
export interface Integrity {
  version: string;
  files: Record<string, string>;
}
