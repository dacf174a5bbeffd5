import { defineWidget } from "../shared/define-widget";
import { ContactForm, type ContactFormProps } from "./ContactForm";
import css from "./contact-form.css?inline";

/** `<gc-contact-form>`: the contact form, posting a lead to the dealership. */
defineWidget<ContactFormProps>("gc-contact-form", ContactForm, {
  props: { apiBase: "string", interest: "string", source: "string", vehicleId: "string" },
  css,
});

/** The element: attributes `api-base`, `interest`, `source` and `redirect` (absent: /thank-you; "": stay). */
export interface GcContactFormElement extends HTMLElement, ContactFormProps {}

declare global {
  interface HTMLElementTagNameMap {
    "gc-contact-form": GcContactFormElement;
  }
}
