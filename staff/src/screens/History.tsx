import { useEffect, useState } from "react";
import { auditLeadId } from "../../../domain/staff";
import { staffApi, type AuditEntry } from "../api/staff-api";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { formatTime } from "../format";
import { leadPath, Link, vehiclePath } from "../router";

/** Who changed what and when, newest first. */
export function History() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    staffApi.audit().then(
      (list) => live && setEntries(list),
      (err: unknown) => live && setFailure(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <ScreenHeading title="History" busy={!entries && !failure} />
      {failure && <Notice tone="error">Could not load the history: {failure}</Notice>}
      {entries && entries.length === 0 && <p>Nothing has been changed yet.</p>}
      {entries && entries.length > 0 && (
        <div className="table-wrap" role="region" aria-label="Changes, newest first" tabIndex={0}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Vehicle or lead</th>
                <th scope="col">Fields changed</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td>
                    <time dateTime={e.at}>{formatTime(e.at)}</time>
                  </td>
                  <td>{e.email}</td>
                  <td>{e.action}</td>
                  <Subject entry={e} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** What an entry is about: the vehicle, or the lead (the visitor's name, as text) with a link to it in the inbox; then what changed. */
function Subject({ entry }: { entry: AuditEntry }) {
  const leadId = auditLeadId(entry);
  const fields = leadId === null ? entry.fields : entry.fields.slice(1);
  return (
    <>
      <td>
        {leadId !== null ? (
          <Link href={leadPath(leadId)}>{entry.leadName ? `Lead from ${entry.leadName}` : `Lead ${leadId}`}</Link>
        ) : entry.vehicleId ? (
          <Link href={vehiclePath(entry.vehicleId)}>{entry.vehicleId}</Link>
        ) : (
          "—"
        )}
      </td>
      <td>{fields.length ? fields.join(", ") : "—"}</td>
    </>
  );
}
