import { useEffect, useState } from "react";
import { staffApi, type AuditEntry } from "../api/staff-api";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { formatTime } from "../format";
import { Link, vehiclePath } from "../router";

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
                <th scope="col">Vehicle</th>
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
                  <td>{e.vehicleId ? <Link href={vehiclePath(e.vehicleId)}>{e.vehicleId}</Link> : "—"}</td>
                  <td>{e.fields?.length ? e.fields.join(", ") : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
