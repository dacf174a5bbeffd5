import { describe, expect, it } from "vitest";
import { CONTACT_FIELDS, choiceOptions, otherAnswers, type ContactField } from "./contact-fields";
import { VALID_MESSAGE } from "./testing/valid-lead";

/** The field list with the kinds a later version may add: a text and a choice. */
const FIELDS: readonly ContactField[] = [
  ...CONTACT_FIELDS,
  { name: "hoa", label: "Community or HOA", control: "text" },
  { name: "contactBy", label: "Best way to reach you", control: "radio", options: choiceOptions({ phone: "Phone", text: "Text message" }) },
];

describe("otherAnswers: what the inbox card, the sales mail and the ADF list beyond the fields they lay out themselves", () => {
  it.each([
    ["nothing, for the fields every lead has", {}, []],
    ["a text as typed", { hoa: "Bayside Villas" }, [{ name: "hoa", label: "Community or HOA", text: "Bayside Villas" }]],
    ["a choice by its label", { contactBy: "text" }, [{ name: "contactBy", label: "Best way to reach you", text: "Text message" }]],
    ["a value no option has as it is", { contactBy: "fax" }, [{ name: "contactBy", label: "Best way to reach you", text: "fax" }]],
    ["nothing for a blank answer", { hoa: "", contactBy: undefined }, []],
    [
      "the list's order, whatever the lead's",
      { contactBy: "phone", hoa: "Lewes" },
      [
        { name: "hoa", label: "Community or HOA", text: "Lewes" },
        { name: "contactBy", label: "Best way to reach you", text: "Phone" },
      ],
    ],
  ])("%s", (_, answers, expected) => {
    expect(otherAnswers({ ...VALID_MESSAGE, ...answers }, FIELDS)).toEqual(expected);
  });
});
