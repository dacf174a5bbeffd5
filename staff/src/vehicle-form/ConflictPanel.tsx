import { useEffect, useRef } from "react";
import type { Vehicle } from "../../../domain/vehicle";
import { formatPrice } from "../format";
import { SPEC_FIELDS, STATUS_LABELS } from "./form-values";

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** The newer version someone else saved, shown beside the user's unsaved form after a 412. */
export function ConflictPanel({ current, onUseNewer }: { current: Vehicle; onUseNewer: () => void }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, [current]);
  const rows: [string, string][] = [
    ["Name", current.name],
    ["Price", formatPrice(current.price)],
    ["Brand", current.brand],
    ["Category", current.category],
    ["Condition", current.condition === "new" ? "New" : "Used"],
    ["Status", STATUS_LABELS[current.status]],
    ["In stock", yesNo(current.inStock)],
    ["New", yesNo(current.isNew)],
    ["Featured", yesNo(current.featured)],
    ["External URL", current.externalUrl ?? "—"],
    ["Description", current.description],
    ["Images", current.images.join(", ") || "—"],
    ["Features", current.features.join("; ") || "—"],
    ...SPEC_FIELDS.map(([key, label]): [string, string] => [label, String(current.specifications[key] ?? "—")]),
  ];
  return (
    <section ref={panel} className="conflict" aria-labelledby="conflict-heading" tabIndex={-1}>
      <h2 id="conflict-heading">Someone else saved this vehicle first</h2>
      <p role="alert">
        It was changed after you opened it, so your changes were <strong>not saved</strong>. They are still in the form below. Here is the newer version. Save
        again to replace it with yours, or start from the newer version.
      </p>
      <details open>
        <summary>The newer version</summary>
        <dl className="facts">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <button type="button" className="btn btn--secondary" onClick={onUseNewer}>
        Use the newer version
      </button>
    </section>
  );
}
