import { quoteHref } from "../content/nav";

/**
 * A lineup card's two actions: the model's page, and a quote request that opens the contact form naming the cart
 * `vehicleId` (the catalogue vehicle the card shows; without one, the plain form). The model's name completes each link
 * for screen readers.
 */
export function ModelActions({ name, href, vehicleId }: { name: string; href: string; vehicleId?: string }) {
  return (
    <div className="actions actions--card">
      <a className="btn btn--primary" href={href}>
        View Details<span className="visually-hidden">: {name}</span>
      </a>
      <a className="btn btn--outline" href={quoteHref(vehicleId)}>
        Get Quote<span className="visually-hidden">: {name}</span>
      </a>
    </div>
  );
}
