import { calculateEcoImpact, ECO_DEFAULTS, TIME_FRAMES, USAGE_TYPES } from "../../domain/eco-calculator";
import { formatUsd } from "../../domain/money";
import { formatNumber } from "../../domain/number-format";

/** The calculator's default case worked out for every time frame: the content of <gc-eco-calculator> before it upgrades. */
export function EcoSummary() {
  const { milesPerWeek, usage } = ECO_DEFAULTS;
  return (
    <div className="eco-summary">
      <p>
        Driving an electric cart {milesPerWeek} miles a week ({USAGE_TYPES[usage].label.toLowerCase()} use) instead of a gas cart saves:
      </p>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Savings by time frame">
        <table className="table">
          <caption className="visually-hidden">Savings of an electric cart at {milesPerWeek} miles a week</caption>
          <thead>
            <tr>
              <th scope="col">Over</th>
              <th scope="col">CO2 avoided</th>
              <th scope="col">Gasoline saved</th>
              <th scope="col">Net savings</th>
              <th scope="col">Trees equivalent</th>
            </tr>
          </thead>
          <tbody>
            {TIME_FRAMES.map((years) => {
              const r = calculateEcoImpact({ milesPerWeek, usage, years });
              return (
                <tr key={years}>
                  <th scope="row">{years === 1 ? "1 year" : `${years} years`}</th>
                  <td>{formatNumber(r.co2Saved)} lbs</td>
                  <td>{formatNumber(r.fuelSaved)} gal</td>
                  <td>{formatUsd(r.netSavings)}</td>
                  <td>{formatNumber(r.treesEquivalent, { max: 1 })}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted">Turn on JavaScript to try your own mileage and usage.</p>
    </div>
  );
}
