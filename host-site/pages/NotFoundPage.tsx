import { LinkButton } from "../components/CallButton";
import type { PageDef } from "./page";

/** The title every not-found answer carries (spec §2 "Global" and §8: an unknown path shows "404 Page Not Found"). */
export const NOT_FOUND_TITLE = "404 Page Not Found";

/** The not-found page, answered with status 404. `vehicle` words it for an unknown vehicle id. */
export function notFoundPage({ vehicle = false }: { vehicle?: boolean } = {}): PageDef {
  return {
    path: "/404",
    meta: {
      title: NOT_FOUND_TITLE,
      description: vehicle
        ? "The vehicle you're looking for doesn't exist or has been removed."
        : "The page you asked for does not exist. Try our inventory, rentals or the home page.",
      keywords: [],
      path: "/",
      noindex: true,
    },
    body: (
      <section className="section not-found" aria-labelledby="page-title">
        <div className="container container--narrow center">
          <p className="not-found__code" aria-hidden="true">
            404
          </p>
          {vehicle ? (
            <>
              <h1 id="page-title">Vehicle Not Found</h1>
              <p className="lead">The vehicle you're looking for doesn't exist or has been removed.</p>
              <div className="actions actions--center">
                <LinkButton href="/inventory">Back to Inventory</LinkButton>
                <LinkButton href="/contact" variant="outline">
                  Ask about a model
                </LinkButton>
              </div>
            </>
          ) : (
            <>
              <h1 id="page-title">{NOT_FOUND_TITLE}</h1>
              <p className="lead">We could not find that page. It may have moved, or the address may have a typo.</p>
              <div className="actions actions--center">
                <LinkButton href="/">Go to the home page</LinkButton>
                <LinkButton href="/inventory" variant="outline">
                  Browse inventory
                </LinkButton>
                <LinkButton href="/contact" variant="outline">
                  Contact us
                </LinkButton>
              </div>
            </>
          )}
        </div>
      </section>
    ),
  };
}
