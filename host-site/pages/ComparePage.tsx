import { COMPARE_MAX, COMPARE_PARAM, comparePath, compareRows, type CompareRequest } from "../../domain/compare";
import type { Vehicle } from "../../domain/vehicle";
import { LinkButton } from "../components/CallButton";
import { pageTitle } from "../lib/seo";
import type { SiteFacts } from "../lib/site-facts";
import type { PageDef } from "./page";
import { vehiclePath } from "./VehiclePage";

export const COMPARE_PATH = "/compare";

/** What the compare page is given: the request, the vehicles it found (in its order), and the listed vehicles one can add. */
export interface CompareView {
  request: CompareRequest;
  vehicles: readonly Vehicle[];
  listed: readonly Vehicle[];
}

/** The notes a comparison's address earns: ids past the third, ids of no cart shown on this site, values that are no id. */
function notes({ request, vehicles }: CompareView): string[] {
  const missing = request.ids.filter((id) => !vehicles.some((v) => v.id === id));
  return [
    ...(request.extra ? [`Up to ${COMPARE_MAX} carts can be compared at once: showing the first ${COMPARE_MAX}, ${request.extra} more left out.`] : []),
    ...(missing.length ? [`Not in our inventory (sold, or never listed): ${missing.join(", ")}.`] : []),
    ...(request.malformed.length ? [`Not a cart's id, so left out: ${request.malformed.map((m) => `"${m}"`).join(", ")}.`] : []),
  ];
}

/**
 * `/compare?ids=a,b,c`: up to three carts side by side (price, seats, range, top speed, battery, charging time, payload,
 * condition, year), differences marked; a table on wide screens and one card per cart on a phone, rendered whole by
 * the server from the address alone. `noindex`: each comparison is a visitor's.
 */
export function comparePage(biz: SiteFacts, view: CompareView): PageDef {
  const { vehicles, listed } = view;
  const rows = compareRows(vehicles);
  const ids = vehicles.map((v) => v.id);
  const addable = ids.length < COMPARE_MAX ? listed.filter((v) => !ids.includes(v.id)) : [];
  const said = notes(view);
  return {
    path: COMPARE_PATH,
    meta: {
      title: pageTitle(biz, vehicles.length ? `Compare ${vehicles.map((v) => v.name).join(", ")}` : "Compare carts"),
      description: `Compare up to ${COMPARE_MAX} golf carts from ${biz.name} side by side: price, seats, range, speed, battery and more.`,
      keywords: [],
      path: COMPARE_PATH,
      noindex: true,
    },
    body: (
      <>
        <div className="title-band">
          <div className="container">
            <h1 id="page-title">Compare carts</h1>
            <p className="muted">Up to {COMPARE_MAX} carts side by side. Share this page's address to share the comparison.</p>
          </div>
        </div>
        <section className="section compare" aria-labelledby="page-title">
          <div className="container">
            {said.length ? (
              <div className="notice" role="status">
                {said.map((n) => (
                  <p key={n}>{n}</p>
                ))}
              </div>
            ) : null}
            {vehicles.length === 0 ? (
              <p className="lead">No carts to compare yet. Choose “Compare” on a cart, or add one below.</p>
            ) : (
              <>
                <table className="compare-table">
                  <caption className="visually-hidden">Carts compared; rows marked “differs” are where they differ</caption>
                  <thead>
                    <tr>
                      <td />
                      {vehicles.map((v) => (
                        <th key={v.id} scope="col">
                          <a href={vehiclePath(v)}>{v.name}</a>
                          <a className="compare-remove" href={comparePath(ids.filter((id) => id !== v.id))}>
                            Remove<span className="visually-hidden"> {v.name}</span>
                          </a>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.label} className={row.differs ? "compare-differs" : undefined}>
                        <th scope="row">
                          {row.label}
                          {row.differs ? <span className="compare-flag">differs</span> : null}
                        </th>
                        {row.values.map((value, i) => (
                          <td key={ids[i]}>{value}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
                <ul className="compare-cards" aria-label="Carts compared">
                  {vehicles.map((v, i) => (
                    <li key={v.id} className="card">
                      <h2 className="compare-card-title">
                        <a href={vehiclePath(v)}>{v.name}</a>
                      </h2>
                      <dl>
                        {rows.map((row) => (
                          <div key={row.label} className={row.differs ? "compare-differs" : undefined}>
                            <dt>
                              {row.label}
                              {row.differs ? <span className="compare-flag">differs</span> : null}
                            </dt>
                            <dd>{row.values[i]}</dd>
                          </div>
                        ))}
                      </dl>
                      <a className="compare-remove" href={comparePath(ids.filter((id) => id !== v.id))}>
                        Remove<span className="visually-hidden"> {v.name}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {addable.length ? (
              <form method="get" action={COMPARE_PATH} className="compare-add">
                {ids.map((id) => (
                  <input key={id} type="hidden" name={COMPARE_PARAM} value={id} />
                ))}
                <label htmlFor="compare-add">Add a cart</label>
                <select id="compare-add" name={COMPARE_PARAM}>
                  {addable.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.name}
                    </option>
                  ))}
                </select>
                <button type="submit" className="btn btn--outline">
                  Add to comparison
                </button>
              </form>
            ) : null}
            <div className="actions">
              <LinkButton href="/inventory" variant="outline">
                Browse the inventory
              </LinkButton>
            </div>
          </div>
        </section>
      </>
    ),
  };
}
