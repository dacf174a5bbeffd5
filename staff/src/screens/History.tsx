import { useState } from "react";
import { auditLeadId } from "../../../domain/staff";
import { staffApi, type AuditEntry } from "../api/staff-api";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { StackedTable } from "../components/StackedTable";
import { AUDIT_ACTION_LABELS, formatTime } from "../format";
import { leadPath, Link, vehiclePath } from "../router";
import { fieldLabel, fieldText } from "../vehicle-form/field-text";
import { errorMessage } from "../error-message";
import { useLiveLoad } from "../use-live-load";

/** Who changed what and when, newest first. */
export function History() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useLiveLoad(
    () => staffApi.audit(),
    setEntries,
    (err) => setFailure(errorMessage(err)),
    [],
  );

  return (
    <>
      <ScreenHeading title="History" busy={!entries && !failure} />
      {failure && <Notice tone="error">Could not load the history: {failure}</Notice>}
      {entries && entries.length === 0 && <p>Nothing has been changed yet.</p>}
      {entries && entries.length > 0 && (
        <StackedTable label="Changes, newest first" columns={COLUMNS}>
          {entries.map((e, i) => (
            <tr key={`${e.at}-${i}`}>
              <td data-label={COLUMNS[0]}>
                <time dateTime={e.at}>{formatTime(e.at)}</time>
              </td>
              <td data-label={COLUMNS[1]}>{e.email}</td>
              <td data-label={COLUMNS[2]}>{AUDIT_ACTION_LABELS[e.action]}</td>
              <Subject entry={e} />
            </tr>
          ))}
        </StackedTable>
      )}
    </>
  );
}

/** The History's columns; on a phone each row stacks, each cell under its column's name (data-label). */
const COLUMNS = ["When", "Who", "What", "About", "Changed"] as const;

/**
 * What an entry is about (the vehicle by its name; the lead, by the visitor's name as text, with a link to it; the
 * account; the site's id), then what changed: each field's old → new value, origins added or removed, a lead's new status; entries
 * written before values were kept list the fields' names.
 */
function Subject({ entry }: { entry: AuditEntry }) {
  const leadId = auditLeadId(entry);
  // An account's or a site's entry names it first (a site: then its changed fields).
  const account = entry.action.startsWith("account-") || entry.action.startsWith("site-");
  const changed = leadId !== null || account ? entry.fields.slice(1) : entry.fields;
  const values = entry.changes?.length && (entry.action === "update" || entry.action === "origins-update");
  return (
    <>
      <td data-label={COLUMNS[3]}>
        {leadId !== null ? (
          <Link href={leadPath(leadId)}>{entry.leadName ? `Lead from ${entry.leadName}` : `Lead ${leadId}`}</Link>
        ) : entry.vehicleId ? (
          <Link href={vehiclePath(entry.vehicleId)}>{entry.vehicleName ?? entry.vehicleId}</Link>
        ) : account ? (
          (entry.fields[0] ?? "—")
        ) : (
          "—"
        )}
      </td>
      <td data-label={COLUMNS[4]}>{values ? <Changes entry={entry} /> : changed.length ? changed.join(", ") : "—"}</td>
    </>
  );
}

/** One line a change: "Price: $9,999 → $10,500"; an origin "Added …" or "Removed …". */
function Changes({ entry }: { entry: AuditEntry }) {
  const origins = entry.action === "origins-update";
  return (
    <ul className="changes">
      {entry.changes!.map((c, i) => (
        <li key={`${c.field}-${i}`}>
          {origins ? (
            c.to ? (
              `Added ${String(c.to)}`
            ) : (
              `Removed ${String(c.from)}`
            )
          ) : (
            <>
              <span className="changes__field">{fieldLabel(c.field)}:</span> {fieldText(c.field, c.from)} → {fieldText(c.field, c.to)}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
