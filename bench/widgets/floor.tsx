/**
 * The floor of a widget script: one trivial component wrapped with r2wc,
 * built like the real widgets (bench/widgets.ts). Everything a real widget
 * script weighs above this is its own code.
 */
import r2wc from "@r2wc/react-to-web-component";

function Floor({ label }: { label?: string }) {
  return <p>{label ?? "Hello"}</p>;
}

if (!customElements.get("gc-floor")) customElements.define("gc-floor", r2wc(Floor, { props: { label: "string" } }));
