import { telHref } from "../../domain/business";
import { useSite } from "../lib/site-facts";
import { Icon } from "./Icon";

/** The global widget on every page: a floating call button for the main line. */
export function FloatingCall() {
  const phone = useSite().phones.main;
  return (
    <a className="floating-call" href={telHref(phone)}>
      <Icon name="phone" />
      <span className="floating-call__label">Call {phone.display}</span>
    </a>
  );
}
