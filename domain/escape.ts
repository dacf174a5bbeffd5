const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place in HTML content or a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Characters XML 1.0 does not allow at all (most C0 controls); they are dropped. */
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text made safe for XML content or a quoted attribute. */
export const escapeXml = (text: string): string =>
  text.replace(XML_INVALID, "").replace(/[&<>"']/g, (c) => (c === "'" ? "&apos;" : HTML_ESCAPES[c]!));
