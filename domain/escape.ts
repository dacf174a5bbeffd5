const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place in HTML content or a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Characters XML 1.0 does not allow at all (most C0 controls); they are dropped. */
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text made safe for XML content or a quoted attribute. */
export const escapeXml = (text: string): string => text.replace(XML_INVALID, "").replace(/[&<>"']/g, (c) => (c === "'" ? "&apos;" : HTML_ESCAPES[c]!));

/** Control characters (C0, DEL, C1) and Unicode's line and paragraph separators: none belongs in a one-line value. */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");
/** The same, less the tab and line breaks that multi-line text keeps. */
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A value for a one-line place (a line of a mail, a header, a CSV cell): each control character becomes U+FFFD, so nothing can start a new line. */
export const oneLine = (text: string): string => text.replace(CONTROL_CHARACTERS, "\uFFFD");

/** Multi-line text: line breaks (as \n) and tabs kept, every other control character becomes U+FFFD. */
export const multiLine = (text: string): string => text.replace(/\r\n?/g, "\n").replace(MULTI_LINE_CONTROLS, "\uFFFD");

/** Text that no mail client decodes as an RFC 2047 encoded word: "=?" gets an invisible word joiner. */
export const noEncodedWords = (text: string): string => text.replaceAll("=?", "=\u2060?");
