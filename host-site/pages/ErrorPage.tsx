import { LinkButton } from "../components/CallButton";
import type { PageDef } from "./page";

/** What the site's error page says for a status: a request it cannot read (4xx) or its own failure (5xx). */
function wording(status: number): { title: string; lead: string } {
  if (status === 400) return { title: "Bad Request", lead: "We could not read that address. Check it for a typo, or start again from the home page." };
  if (status === 416) return { title: "Range Not Satisfiable", lead: "That part of the file does not exist." };
  if (status < 500) return { title: "Request Not Accepted", lead: "We could not answer that request. Start again from the home page." };
  return { title: "Something Went Wrong", lead: "Sorry, we could not show this page just now. Please try again in a moment, or call us." };
}

/** The site's own page for an error other than 404, answered with its status (never a stack trace or a server path). */
export function errorPage(status: number): PageDef {
  const { title, lead } = wording(status);
  return {
    path: "/error",
    meta: { title: `${status} ${title}`, description: lead, keywords: [], path: "/", noindex: true },
    body: (
      <section className="section not-found" aria-labelledby="page-title">
        <div className="container container--narrow center">
          <p className="not-found__code" aria-hidden="true">
            {status}
          </p>
          <h1 id="page-title">{title}</h1>
          <p className="lead">{lead}</p>
          <div className="actions actions--center">
            <LinkButton href="/">Go to the home page</LinkButton>
            <LinkButton href="/contact" variant="outline">
              Contact us
            </LinkButton>
          </div>
        </div>
      </section>
    ),
  };
}
