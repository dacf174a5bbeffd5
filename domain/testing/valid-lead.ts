/** The valid contact message the tests share: the API's, the form's and the lead mail's tests all start from it. */

import { ContactMessageSchema, type ContactMessage } from "../contact";
import { CONTACT_FIELDS, isRequired } from "../contact-fields";

/** Every required choice of the field list on its first option, so that a required choice added to the list is answered. */
const REQUIRED_CHOICES = Object.fromEntries(
  CONTACT_FIELDS.filter((f) => f.options?.length && isRequired(ContactMessageSchema.shape[f.name])).map((f) => [f.name, f.options![0]!.value]),
);

/** A contact message that passes every rule of `ContactMessageSchema`. */
export const VALID_MESSAGE = {
  ...REQUIRED_CHOICES,
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  phone: "302-555-0101",
  interest: "sales",
  message: "Looking for a 6-seater for the summer.",
} as ContactMessage;

/** A valid contact body, with `over` replacing or adding fields (also invalid ones, to test a refusal). */
export const validLead = (over: Record<string, unknown> = {}) => ({ ...VALID_MESSAGE, ...over });
