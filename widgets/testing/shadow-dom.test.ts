import { describe, expect, it } from "vitest";
import { within } from "@testing-library/react";

describe("a query that finds nothing in a shadow root", () => {
  it("names what it looked for and prints the root's markup", () => {
    const host = document.createElement("div");
    document.body.append(host);
    host.attachShadow({ mode: "open" }).innerHTML = `<form part="form"><label>Email <input name="email"></label></form>`;
    const ui = within(host.shadowRoot as unknown as HTMLElement);
    expect(() => ui.getByRole("button", { name: "Send Message" })).toThrow(
      /Unable to find an accessible element with the role "button"[\s\S]*<form\s+part="form"[\s\S]*name="email"/,
    );
  });
});
