import { createContext, useContext, useRef, useState } from "react";
import {
  formatCents,
  PAYMENT_PARAMS,
  paymentFromFields,
  paymentQuery,
  startingApr,
  startingInput,
  TERMS_MONTHS,
  type PaymentFields,
  type PaymentInput,
} from "../../domain/payment";
import type { Vehicle } from "../../domain/vehicle";
import { dealerUrl } from "../shared/api-base";
import { QUOTE_LINK } from "../shared/analytics";
import { emit } from "../shared/events";
import { Heading } from "../shared/headings";
import { useWidgetContact } from "../shared/site-contact";
import { showResult } from "../shared/show-result";

/**
 * The estimate's figures a request asked for (`?price=…&down=…&term=…&apr=…`): the server's render of a vehicle page
 * provides them; in the browser, on the dealership's own page (api-base ""), they are read from the page's address.
 */
export const PaymentQueryContext = createContext<Partial<PaymentFields> | undefined>(undefined);

/** The inputs, in order: each names its query parameter (PAYMENT_PARAMS); the term is a choice of TERMS_MONTHS. */
const FIELDS: [key: keyof PaymentInput, label: string, mode?: "numeric" | "decimal"][] = [
  ["price", "Price ($)", "numeric"],
  ["down", "Down payment ($)", "numeric"],
  ["termMonths", "Term (months)"],
  ["apr", "APR (%)", "decimal"],
];

/**
 * A payment estimate for one vehicle: price, down payment, term and APR, each the visitor's to change, computed in the
 * core (domain/payment.ts). A GET form to the vehicle's page, which the server answers computed when JavaScript is off;
 * with it, the figures follow each keystroke, and a change says `gc-action` "estimate".
 */
export function PaymentEstimate({ v, apiBase, host, level, source }: { v: Vehicle; apiBase: string; host: HTMLElement; level: number; source: string | null }) {
  const { financingUrl, financingTerms } = useWidgetContact();
  const apr = startingApr(financingTerms, v.id);
  const start = startingInput(v.price, apr);
  const served = useContext(PaymentQueryContext);
  const [fields, setFields] = useState<Partial<PaymentFields>>(
    () => served ?? (apiBase === "" && globalThis.location ? paymentQuery(new URLSearchParams(location.search)) : undefined) ?? {},
  );
  const result = paymentFromFields(fields, start);
  const shown = useRef<HTMLDivElement>(null);
  const page = dealerUrl(apiBase, `/vehicle/${v.id}`);
  const set = (key: keyof PaymentInput) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setFields((now) => ({ ...paymentFromFields(now, start).fields, [key]: value }));
  };
  const said = () => {
    const query = new URLSearchParams(Object.entries(PAYMENT_PARAMS).map(([k, name]) => [name, result.fields[k as keyof PaymentInput]]));
    emit(host, "gc-action", { widget: "gc-vehicle-detail", action: "estimate", source, href: `${new URL(page, location.href).href}?${query}` });
  };
  return (
    <section className="panel estimate" part="estimate" aria-labelledby="gc-vd-estimate">
      <Heading level={level} depth={1} id="gc-vd-estimate" className="sub-title">
        Estimate your payment
      </Heading>
      {apr === 0 && <p className="est-offer">0% APR financing on this model</p>}
      <form
        method="get"
        action={page}
        onChange={said}
        onSubmit={(e) => {
          e.preventDefault();
          said();
          showResult(shown.current);
        }}
      >
        <div className="est-grid">
          {FIELDS.map(([key, label, mode]) => (
            <label className="est-field" key={key}>
              <span>{label}</span>
              {mode ? (
                <input name={PAYMENT_PARAMS[key]} inputMode={mode} value={result.fields[key]} onInput={set(key)} />
              ) : (
                <select name={PAYMENT_PARAMS[key]} value={result.fields[key]} onChange={set(key)}>
                  {TERMS_MONTHS.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              )}
            </label>
          ))}
        </div>
        <button type="submit" className="gc-btn gc-btn--ghost est-submit">
          Calculate
        </button>
      </form>
      <div role="status" className="est-result" part="estimate-result" ref={shown}>
        {"error" in result ? (
          <p className="est-error">{result.error}</p>
        ) : (
          <>
            <p className="est-monthly">
              Estimated <strong>{formatCents(result.estimate.monthlyCents)}</strong> a month for {result.input.termMonths} months
              {result.estimate.lastCents !== result.estimate.monthlyCents && `, the last ${formatCents(result.estimate.lastCents)}`}
            </p>
            <p>
              Total {formatCents(result.estimate.totalCents)}: {formatCents(result.input.down * 100)} down and{" "}
              {formatCents(result.estimate.totalCents - result.input.down * 100)} in payments on {formatCents(result.estimate.financedCents)} financed at{" "}
              {result.input.apr}% APR.
            </p>
          </>
        )}
      </div>
      <p className="est-note">An estimate only: the lender sets the rate and terms on approval of your application.</p>
      {financingUrl && (
        <a href={financingUrl} className="gc-btn" part="financing-apply" target="_blank" rel="noopener" aria-describedby="gc-new-tab" {...QUOTE_LINK}>
          Apply for Financing
        </a>
      )}
    </section>
  );
}
