import { telHref } from "../../domain/business";
import { formatUsd } from "../../domain/money";
import { RENTAL_PLANS, RENTAL_TERMS, isRentalPlanId, renewalText, type RentalPlan } from "../../domain/rentals";
import type { WidgetProps } from "../shared/define-widget";
import { useReportedProblems } from "../shared/report";
import { useWidgetEvents } from "../shared/analytics";
import { useWidgetContact } from "../shared/site-contact";
import { Heading, distinctLabel, headingLevel } from "../shared/headings";

export const TAG = "gc-rental-pricing";

export interface RentalPricingProps {
  /** One plan to show: "4-seater", "6-seater" or "utility". Absent or unknown: all three. */
  plan?: string;
  /** The level of the plans' titles, 1 to 6; default 3. */
  headingLevel?: number;
  /** A label naming the page or partner, sent with gc-ready and gc-action. */
  source?: string;
  /** Where RESERVE TODAY leads, `{plan}` replaced by the plan's id (e.g. "?plan={plan}#book", a booking on the page); absent, it dials the main phone. */
  reserveUrl?: string;
}

const PLAN_IDS = RENTAL_PLANS.map((p) => p.id).join(", ");
const T = RENTAL_TERMS;

/** The plans to show for a `plan` attribute value. */
export function plansFor(plan: string | undefined): readonly RentalPlan[] {
  const id = plan?.trim().toLowerCase();
  return isRentalPlanId(id) ? RENTAL_PLANS.filter((p) => p.id === id) : RENTAL_PLANS;
}

/** The rental price tables (spec §9 "Rental prices": per plan, the daily, 3-day, weekly and monthly prices with per-day rates and savings), with RESERVE TODAY dialling the main line. */
export function RentalPricing({ plan, headingLevel: levelAttr, source, reserveUrl, host }: RentalPricingProps & WidgetProps) {
  useWidgetEvents(host, TAG, source, true);
  const level = headingLevel(levelAttr, 3);
  // plan="" is a mistake worth naming too.
  const requested = plan;
  const plans = plansFor(requested);

  useReportedProblems(
    host,
    TAG,
    requested !== undefined && !isRentalPlanId(requested.trim().toLowerCase()) && `unknown plan "${requested}": expected one of ${PLAN_IDS}; showing all plans`,
  );

  return (
    <section className="gc-rentals" part="root" aria-label={distinctLabel(host, "Golf cart rental rates")}>
      <div className={`gc-plans${plans.length === 1 ? " gc-plans--single" : ""}`}>
        {plans.map((p) => (
          <PlanCard key={p.id} plan={p} level={level} reserveUrl={reserveUrl?.trim() || undefined} />
        ))}
      </div>
      <Footnote plans={plans} />
    </section>
  );
}

function PlanCard({ plan, level, reserveUrl }: { plan: RentalPlan; level: number; reserveUrl?: string }) {
  const phone = useWidgetContact().main;
  const titleId = `gc-plan-${plan.id}`;
  return (
    <article className="gc-plan" part="plan" aria-labelledby={titleId} data-plan={plan.id}>
      <header className="gc-plan__head">
        <Heading level={level} id={titleId} className="gc-plan__title" part="plan-title">
          {plan.title}
        </Heading>
        <p className="gc-plan__desc">{plan.description}</p>
      </header>
      <ul className="gc-tiers" aria-label={`${plan.title} rates`}>
        {plan.tiers.map((tier) => (
          <li key={tier.title} className={`gc-tier${tier.badge ? " gc-tier--recommended" : ""}`} part={tier.badge ? "tier tier-recommended" : "tier"}>
            {tier.badge && (
              <span className="gc-badge" part="badge">
                {tier.badge}
              </span>
            )}
            <Heading level={level} depth={1} className="gc-tier__title">
              {tier.title}
            </Heading>
            <p className="gc-tier__price" part="price">
              {formatUsd(tier.price)}
            </p>
            <p className="gc-tier__duration">{tier.duration}</p>
            <p className="gc-tier__renewal">{renewalText(tier)}</p>
            {tier.savings && (
              <p className="gc-savings" part="savings">
                {tier.savings}
              </p>
            )}
          </li>
        ))}
      </ul>
      {reserveUrl ? (
        <a
          className="gc-btn gc-plan__reserve"
          part="reserve"
          href={reserveUrl.replaceAll("{plan}", plan.id)}
          aria-label={`Reserve a ${plan.title} today online`}
        >
          RESERVE TODAY
        </a>
      ) : (
        <a className="gc-btn gc-plan__reserve" part="reserve" href={telHref(phone)} aria-label={`Reserve a ${plan.title} today: call ${phone.display}`}>
          RESERVE TODAY
        </a>
      )}
      <p className="gc-plan__call">
        Call <a href={telHref(phone)}>{phone.display}</a> · deposit {formatUsd(plan.deposit)}
      </p>
    </article>
  );
}

function Footnote({ plans }: { plans: readonly RentalPlan[] }) {
  const deposits = plans.map((p) => `${formatUsd(p.deposit)} (${p.title})`).join(", ");
  return (
    <footer className="gc-footnote" part="footnote">
      <p>
        <strong>Security deposit:</strong> {deposits}, on a credit card, refunded in {T.depositRefundDays} after return.
      </p>
      <p>
        Rental periods are counted in 24-hour increments; minimum rental {T.minimumHours} hours, maximum {T.maximumDays} days. Early returns get no refund. Late
        returns {formatUsd(T.lateFeePerHour)} per hour. Additional driver {formatUsd(T.additionalDriver)} each (up to {T.maxAdditionalDrivers}). Renters must be{" "}
        {T.minimumAge}+ with a valid license.
      </p>
      <p>
        Delivery {formatUsd(T.deliveryFeePerMile)} per mile beyond {T.freeDeliveryMiles} miles. Same-day delivery for orders before {T.rushCutoff} carries a{" "}
        {formatUsd(T.rushFee)} rush fee.
      </p>
      <p>
        Other fees: cleaning {formatUsd(T.cleaningFee.min)}-{formatUsd(T.cleaningFee.max)}, recharge {formatUsd(T.rechargeFee)}, smoke odor{" "}
        {formatUsd(T.smokeOdorFee)}, pet hair {formatUsd(T.petHairFee)}, minor damage admin fee {formatUsd(T.minorDamageAdminFee)}, missing accessory{" "}
        {formatUsd(T.missingAccessoryFee)} plus replacement. Liability coverage included: {formatUsd(T.liability.perPerson)} per person,{" "}
        {formatUsd(T.liability.perAccident)} per accident, {formatUsd(T.liability.propertyDamage)} property damage.
      </p>
      <p>Prices are subject to availability and terms.</p>
    </footer>
  );
}
