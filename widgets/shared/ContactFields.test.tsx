import { describe, expect, it } from "vitest";
import { within } from "@testing-library/react";
import { createRoot } from "react-dom/client";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import * as z from "zod/mini";
import { ContactMessageSchema, CONTACT_MESSAGES, type ContactMessageInput } from "../../domain/contact";
import { CONTACT_FIELDS, fieldDefaults, requiredFields, type ContactField } from "../../domain/contact-fields";
import { ContactFields } from "./ContactFields";

/** The schema with a field a later version might add: optional, with a text input of its own. */
const WITH_COMPANY = z.extend(ContactMessageSchema, { company: z.optional(z.string().check(z.maxLength(100, "Company must be at most 100 characters"))) });
const FIELDS: readonly ContactField<keyof ContactMessageInput | "company">[] = [
  ...CONTACT_FIELDS,
  { name: "company", label: "Company", control: "text", autoComplete: "organization" },
];

/** A form of `FIELDS`, validated by `WITH_COMPANY`, as the widget wires them. */
function Form() {
  const { register, handleSubmit, formState } = useForm<z.input<typeof WITH_COMPANY>, unknown, z.output<typeof WITH_COMPANY>>({
    resolver: zodResolver(WITH_COMPANY),
    defaultValues: fieldDefaults(WITH_COMPANY.shape, FIELDS),
  });
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(() => {})(e)}>
      <ContactFields
        fields={FIELDS}
        required={requiredFields(WITH_COMPANY.shape, FIELDS)}
        errors={formState.errors}
        register={(name) => register(name as keyof z.input<typeof WITH_COMPANY>)}
      />
      <button type="submit">Send</button>
    </form>
  );
}

describe("the contact fields, from the schema and the field list", () => {
  it("shows a field added to the schema as optional: no marker, not announced as required, no message when empty", async () => {
    const container = document.body.appendChild(document.createElement("div"));
    createRoot(container).render(<Form />);
    const screen = within(container);
    const company = await screen.findByLabelText("Company");
    expect(company.getAttribute("aria-required")).toBeNull();
    expect(company.getAttribute("autocomplete")).toBe("organization");
    // The schema's required fields keep their marker and their announcement.
    const first = screen.getByLabelText("First Name *");
    expect(first.getAttribute("aria-required")).toBe("true");
    expect((screen.getByLabelText("Interest") as HTMLSelectElement).value).toBe("sales");

    await userEvent.setup().click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText(CONTACT_MESSAGES.firstName);
    expect(company.getAttribute("aria-invalid")).toBeNull();
    expect(first.getAttribute("aria-invalid")).toBe("true");
  });

  it("takes required flags and defaults from the schema", () => {
    const shape = ContactMessageSchema.shape;
    const required = requiredFields(shape, CONTACT_FIELDS);
    expect(["firstName", "lastName", "email", "phone", "message"].filter((name) => !required.has(name))).toEqual([]);
    expect(required.has("interest")).toBe(false);
    // The interest starts on sales; every other field (those a later version adds too) starts empty.
    expect(fieldDefaults(shape, CONTACT_FIELDS)).toEqual({ ...Object.fromEntries(CONTACT_FIELDS.map((f) => [f.name, ""])), interest: "sales" });
  });
});
