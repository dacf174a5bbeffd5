import { telHref, type PhoneNumber } from "../../domain/business";
import { useSite } from "../lib/site-facts";
import { CONTACT_FORM_HREF } from "../content/nav";
import { Icon } from "./Icon";

/** A button-styled link that dials a number (the main line by default); its name says the number once, whether or not `label` shows it. */
export function CallButton({
  phone,
  label,
  variant = "accent",
}: {
  phone?: PhoneNumber;
  label?: string;
  variant?: "accent" | "primary" | "ghost" | "outline";
}) {
  const main = useSite().phones.main;
  phone ??= main;
  return (
    <a className={`btn btn--${variant}`} href={telHref(phone)}>
      <Icon name="phone" />
      {label === undefined ? (
        `Call ${phone.display}`
      ) : label.includes(phone.display) ? (
        label
      ) : (
        <>
          {label}
          <span className="visually-hidden"> {phone.display}</span>
        </>
      )}
    </a>
  );
}

/** A button-styled internal link. */
export function LinkButton({ href, children, variant = "primary" }: { href: string; children: string; variant?: "accent" | "primary" | "ghost" | "outline" }) {
  return (
    <a className={`btn btn--${variant}`} href={href}>
      {children}
    </a>
  );
}

/** A page's usual pair of actions: a link (to the contact page's form unless `href` says otherwise) and a call to the main line. */
export function LinkAndCall({ href = CONTACT_FORM_HREF, children }: { href?: string; children: string }) {
  return (
    <>
      <LinkButton href={href} variant="accent">
        {children}
      </LinkButton>
      <CallButton variant="ghost" />
    </>
  );
}
