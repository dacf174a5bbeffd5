import { BUSINESS, telHref, type PhoneNumber } from "../../domain/business";
import { Icon } from "./Icon";

/** A button-styled link that dials a number (the main line by default). */
export function CallButton({
  phone = BUSINESS.phones.main,
  label,
  variant = "accent",
}: {
  phone?: PhoneNumber;
  label?: string;
  variant?: "accent" | "primary" | "ghost" | "outline";
}) {
  return (
    <a className={`btn btn--${variant}`} href={telHref(phone)}>
      <Icon name="phone" />
      {label ? (
        <>
          {label}
          <span className="visually-hidden"> {phone.display}</span>
        </>
      ) : (
        `Call ${phone.display}`
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

/** A page's usual pair of actions: a link (to the contact form unless `href` says otherwise) and a call to the main line. */
export function LinkAndCall({ href = "/contact", children }: { href?: string; children: string }) {
  return (
    <>
      <LinkButton href={href} variant="accent">
        {children}
      </LinkButton>
      <CallButton variant="ghost" />
    </>
  );
}
