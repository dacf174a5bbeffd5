/** The valid contact message the tests share: the API's, the form's and the lead mail's tests all start from it. */

import type { ContactMessage } from "../contact";

/** A contact message that passes every rule of `ContactMessageSchema`. */
export const VALID_MESSAGE: ContactMessage = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  phone: "302-555-0101",
  interest: "sales",
  message: "Looking for a 6-seater for the summer.",
};

/** A valid contact body, with `over` replacing or adding fields (also invalid ones, to test a refusal). */
export const validLead = (over: Record<string, unknown> = {}) => ({ ...VALID_MESSAGE, ...over });
