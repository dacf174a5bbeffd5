import { telHref } from "../../domain/business";
import { Hero } from "../components/Hero";
import { fillPolicy, type Block, type PolicyDocument } from "../content/policies";
import { pageTitle } from "../lib/seo";
import type { PageDef } from "./page";
import { policyFacts, type SiteFacts } from "../lib/site-facts";

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case "p":
      return <p>{block.text}</p>;
    case "list": {
      const items = block.items.map((item) => <li key={item}>{item}</li>);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case "table":
      return (
        // Focusable so that a keyboard can scroll a table wider than the screen.
        <div className="table-wrap" tabIndex={0} role="region" aria-label={block.caption}>
          <table className={block.head.length > 2 ? "table table--stack" : "table"}>
            <caption>{block.caption}</caption>
            <thead>
              <tr>
                {block.head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row[0]}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} data-label={block.head[i]}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/** A policy or legal page: hero keyed by the policy, then a white card with the date line and the sections. */
export function policyPage(biz: SiteFacts, template: PolicyDocument): PageDef {
  const doc = fillPolicy(template, policyFacts(biz));
  return {
    path: doc.path,
    meta: { title: pageTitle(biz, doc.title), description: doc.description, keywords: doc.keywords, path: doc.path },
    body: (
      <>
        <Hero
          size="small"
          image={`/images/hero/policy-${doc.hero}.svg`}
          badge={doc.group === "legal" ? "LEGAL" : "OUR POLICIES"}
          title={doc.title}
          lead={doc.intro}
        />
        <div className="section section--muted">
          <div className="container container--narrow">
            <article className="policy-card" aria-labelledby="page-title">
              <p className="policy-card__date">{doc.dateLine}</p>
              {doc.sections.map((s) => (
                <section key={s.heading} className="prose">
                  <h2>{s.heading}</h2>
                  {s.blocks.map((b, i) => (
                    <BlockView key={i} block={b} />
                  ))}
                </section>
              ))}
              <aside className="policy-card__contact" aria-label="Questions">
                <p>
                  Questions about this page? Call <a href={telHref(biz.phones.main)}>{biz.phones.main.display}</a> or e-mail{" "}
                  <a href={`mailto:${biz.email}`}>{biz.email}</a>.
                </p>
              </aside>
            </article>
          </div>
        </div>
      </>
    ),
  };
}
