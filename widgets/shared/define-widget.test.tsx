import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { defineWidget, type WidgetProps } from "./define-widget";
import pkg from "../../package.json";
import { listenOnDocument } from "../testing/document-listeners";

function Hello({ name, host }: { name?: string } & WidgetProps) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      Hello {name ?? "nobody"} {n} {host.tagName.toLowerCase()}
    </button>
  );
}

function Boom(): never {
  throw new Error("kaboom");
}

describe("defineWidget", () => {
  it("renders in an open shadow root with attributes as props", async () => {
    defineWidget("gc-test-hello", Hello, { props: { name: "string" }, css: ":host{color:red}" });
    document.body.innerHTML = `<gc-test-hello name="Lewes"></gc-test-hello>`;
    const el = document.querySelector("gc-test-hello")!;
    await vi.waitFor(() => expect(el.shadowRoot?.textContent).toContain("Hello Lewes 0 gc-test-hello"));
    el.setAttribute("name", "Milton");
    await vi.waitFor(() => expect(el.shadowRoot?.textContent).toContain("Hello Milton"));
  });

  it("counts every attribute at the first render whatever the order it was set in, before or after the element was added", async () => {
    /** Shows the props of its first render. */
    function First({ greeting, name, loud }: { greeting?: string; name?: string; loud?: boolean } & WidgetProps) {
      const [first] = useState(() => `${greeting ?? "?"} ${name ?? "?"} ${loud ? "loud" : "quiet"}`);
      return <p>{first}</p>;
    }
    defineWidget("gc-test-first", First, { props: { greeting: "string", name: "string", loud: "boolean" }, css: "" });
    // As a framework makes it: attributes one by one, then added.
    const made = document.createElement("gc-test-first");
    made.setAttribute("name", "Lewes");
    made.setAttribute("loud", "");
    made.setAttribute("greeting", "Hi");
    document.body.append(made);
    // Added first, attributes right after.
    const added = document.createElement("gc-test-first");
    document.body.append(added);
    added.setAttribute("name", "Milton");
    added.setAttribute("greeting", "");
    await vi.waitFor(() => expect(made.shadowRoot?.textContent).toBe("Hi Lewes loud"));
    await vi.waitFor(() => expect(added.shadowRoot?.textContent).toBe(" Milton quiet"));
  });

  it("passes empty, boolean and removed attributes on, which r2wc alone skips", async () => {
    function Echo({ name, loud }: { name?: string; loud?: boolean } & WidgetProps) {
      return <p>{`${JSON.stringify(name)} ${String(loud)}`}</p>;
    }
    defineWidget("gc-test-echo", Echo, { props: { name: "string", loud: "boolean" }, css: "" });
    document.body.innerHTML = `<gc-test-echo name="" loud></gc-test-echo>`;
    const el = document.querySelector("gc-test-echo")!;
    await vi.waitFor(() => expect(el.shadowRoot?.textContent).toBe('"" true'));
    el.removeAttribute("loud");
    el.removeAttribute("name");
    await vi.waitFor(() => expect(el.shadowRoot?.textContent).toBe("undefined false"));
  });

  it("ignores a second definition of the same tag by the same version, silently", async () => {
    const warn = vi.spyOn(console, "warn");
    expect(() => defineWidget("gc-test-hello", Boom, { props: {}, css: "" })).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
    // The first definition still renders.
    document.body.innerHTML = `<gc-test-hello name="Lewes"></gc-test-hello>`;
    await vi.waitFor(() => expect(document.querySelector("gc-test-hello")!.shadowRoot?.textContent).toContain("Hello Lewes"));
  });

  it("is built with the package's version", () => {
    expect(__GC_VERSION__).toBe(pkg.version);
  });

  it("warns, naming both versions, when another version of the script defined the tag first", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    class Older extends HTMLElement {
      static gcVersion = "0.0.9";
    }
    customElements.define("gc-test-versions", Older);
    defineWidget("gc-test-versions", Hello, { props: { name: "string" }, css: "" });
    expect(warn).toHaveBeenCalledWith(`[gc-test-versions] already defined by version 0.0.9; version ${pkg.version} not used`);
    expect(customElements.get("gc-test-versions")).toBe(Older);
  });

  it("warns when a script that is not ours defined the tag first", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    customElements.define("gc-test-foreign", class extends HTMLElement {});
    defineWidget("gc-test-foreign", Hello, { props: { name: "string" }, css: "" });
    expect(warn).toHaveBeenCalledWith(`[gc-test-foreign] already defined by another script; version ${pkg.version} not used`);
  });

  it("warns, as for any bad value, about a theme or heading-level it cannot use, also when set later", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    function Titled({ headingLevel }: { headingLevel?: number } & WidgetProps) {
      return <p>level {String(headingLevel)}</p>;
    }
    defineWidget("gc-test-titled", Titled, { props: { headingLevel: "number", theme: "string" }, css: "" });
    const errors: unknown[] = [];
    listenOnDocument("gc-error", (e) => errors.push((e as CustomEvent).detail));
    document.body.innerHTML = `<gc-test-titled theme="purple" heading-level="9"></gc-test-titled><gc-test-titled theme="dark" heading-level="2"></gc-test-titled>`;
    await vi.waitFor(() => expect(errors).toHaveLength(2));
    expect(warn.mock.calls).toEqual([
      ['[gc-test-titled] "theme" must be light, dark, auto, got "purple"'],
      ['[gc-test-titled] "heading-level" must be 1 to 6, got "9"'],
    ]);
    document.querySelectorAll("gc-test-titled")[1]!.setAttribute("theme", "blue");
    await vi.waitFor(() => expect(errors).toHaveLength(3));
    expect(errors[2]).toEqual({ widget: "gc-test-titled", message: '"theme" must be light, dark, auto, got "blue"' });
  });

  it("catches a render error at the widget's edge and tells the host page", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    defineWidget("gc-test-boom", Boom, { props: {}, css: "" });
    const onError = vi.fn();
    document.addEventListener("gc-error", (e) => onError((e as CustomEvent).detail));
    document.body.innerHTML = `<gc-test-boom></gc-test-boom>`;
    const el = document.querySelector("gc-test-boom")!;
    await vi.waitFor(() => expect(el.shadowRoot?.querySelector('[role="alert"]')?.textContent).toMatch(/could not be shown/));
    expect(onError).toHaveBeenCalledWith({ widget: "gc-test-boom", message: "unexpected error: kaboom" });
    warn.mockRestore();
  });
});
