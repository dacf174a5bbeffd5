import { defineWidget } from "../shared/define-widget";
import { ATTRIBUTES, type ContactFormAttributes } from "./attributes";
import { ContactForm, type ContactFormProps } from "./ContactForm";
import css from "./contact-form.css?inline";

/** `<gc-contact-form>`: the contact form, posting a lead to the dealership. */
defineWidget<ContactFormProps>("gc-contact-form", ContactForm, { props: ATTRIBUTES, css });

/** The element: its attributes (declared in widgets/registry.ts) as properties. */
export interface GcContactFormElement extends HTMLElement, ContactFormAttributes {}

declare global {
  interface HTMLElementTagNameMap {
    "gc-contact-form": GcContactFormElement;
  }
}
