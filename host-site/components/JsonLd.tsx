import { jsonLdText } from "../lib/json-ld";

/** A JSON-LD block: data, never executed, so it passes a strict script-src. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
