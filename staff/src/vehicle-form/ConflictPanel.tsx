import { useEffect, useRef } from "react";
import type { EditConflict } from "../api/client";
import { showResult } from "../components/Notice";
import { StackedTable } from "../components/StackedTable";
import { formatTime } from "../format";
import { fieldLabel, fieldText } from "./field-text";

/** After a 412: each field both this user and someone else changed, with both values and who saved theirs. */
export function ConflictPanel({ conflicts, onUseNewer }: { conflicts: EditConflict[]; onUseNewer: () => void }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    showResult(panel.current);
  }, [conflicts]);
  return (
    <section ref={panel} className="conflict" aria-labelledby="conflict-heading" tabIndex={-1}>
      <h2 id="conflict-heading">Someone else saved this vehicle first</h2>
      <p role="alert">
        Your changes were <strong>not saved</strong>: {conflicts.length === 1 ? "a field you changed was" : "fields you changed were"} changed by someone else
        after you opened the vehicle. Your values are still in the form below. Save again to replace theirs with yours (every other field keeps its newer
        value), or start from the newer version.
      </p>
      <StackedTable label="Fields changed by both" columns={COLUMNS}>
        {conflicts.map((c) => (
          <tr key={c.field}>
            <th scope="row" data-label={COLUMNS[0]}>
              {fieldLabel(c.field)}
            </th>
            <td data-label={COLUMNS[1]}>{fieldText(c.field, c.yours)}</td>
            <td data-label={COLUMNS[2]}>{fieldText(c.field, c.current)}</td>
            <td data-label={COLUMNS[3]}>{c.email ? `${c.email}${c.at ? `, ${formatTime(c.at)}` : ""}` : "Someone else"}</td>
          </tr>
        ))}
      </StackedTable>
      <button type="button" className="btn btn--secondary" onClick={onUseNewer}>
        Use the newer version
      </button>
    </section>
  );
}

const COLUMNS = ["Field", "Yours", "Saved now", "Saved by"] as const;
