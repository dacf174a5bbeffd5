import { BUSINESS, telHref } from "../../domain/business";
import { formatUsd, formatUsdRate } from "../../domain/money";
import { RENTAL_PLANS } from "../../domain/rentals";
import { Icon } from "./Icon";

/** The three rental plans as tables: the content of <gc-rental-pricing> before it upgrades. */
export function RentalTables() {
  const phone = BUSINESS.phones.main;
  return (
    <div className="card-grid card-grid--3 rental-plans">
      {RENTAL_PLANS.map((plan) => (
        <section key={plan.id} className="card rental-plan" aria-labelledby={`plan-${plan.id}`}>
          <h3 id={`plan-${plan.id}`}>{plan.title}</h3>
          <p>{plan.description}</p>
          <table className="table">
            <caption className="visually-hidden">{plan.title} rental prices</caption>
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Price</th>
                <th scope="col">Per day</th>
              </tr>
            </thead>
            <tbody>
              {plan.tiers.map((tier) => (
                <tr key={tier.title}>
                  <th scope="row">
                    {tier.title}
                    {tier.badge ? <span className="badge badge--small">{tier.badge}</span> : null}
                  </th>
                  <td>
                    {formatUsd(tier.price)}
                    <span className="muted block">{tier.duration}</span>
                  </td>
                  <td>
                    {formatUsdRate(tier.perDay)}
                    {tier.savings ? <span className="savings block">{tier.savings}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">Security deposit {formatUsd(plan.deposit)}, refunded after the return.</p>
          <a className="btn btn--accent btn--block" href={telHref(phone)}>
            <Icon name="phone" /> RESERVE TODAY
            <span className="visually-hidden">
              : {plan.title}, call {phone.display}
            </span>
          </a>
        </section>
      ))}
    </div>
  );
}
