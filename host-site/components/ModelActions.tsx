import { CONTACT_FORM_HREF } from "../content/nav";

/** A lineup card's two actions: the model's page, and a quote request. The model's name completes each link for screen readers. */
export function ModelActions({ name, href }: { name: string; href: string }) {
  return (
    <div className="actions actions--card">
      <a className="btn btn--primary" href={href}>
        View Details<span className="visually-hidden">: {name}</span>
      </a>
      <a className="btn btn--outline" href={CONTACT_FORM_HREF}>
        Get Quote<span className="visually-hidden">: {name}</span>
      </a>
    </div>
  );
}
