import { useEffect, useId, useState, type FormEvent } from "react";
import { siteTimeZone, type Site } from "../../../domain/site";
import { AUDIT_KIND_LABELS, AUDIT_KINDS, auditLeadId, type AuditKind } from "../../../domain/staff";
import { staffApi, type AuditEntry, type AuditQuery } from "../api/staff-api";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { StackedTable } from "../components/StackedTable";
import { AUDIT_ACTION_LABELS, formatTime } from "../format";
import { BASE, leadPath, Link, vehiclePath } from "../router";
import { fieldLabel, fieldText } from "../vehicle-form/field-text";
import { leadSubjectText, reordered } from "../history-text";
import { errorMessage } from "../error-message";
import { useLiveLoad } from "../use-live-load";

/** Entries a page of the History shows; "Show older" adds the next. */
const PAGE = 100;
const KINDS = Object.keys(AUDIT_KINDS) as AuditKind[];

/** The History's filters as its address holds them (?vehicle=…&who=…&kind=…), so a reload, Back or a shared link keeps them. */
function filtersFromUrl(): Pick<AuditQuery, "vehicle" | "who" | "kind"> {
  const q = new URLSearchParams(location.search);
  const kind = q.get("kind");
  return { vehicle: q.get("vehicle") || undefined, who: q.get("who") || undefined, kind: KINDS.includes(kind as AuditKind) ? (kind as AuditKind) : undefined };
}

/** The History of one cart, as its editor links to it. */
export const vehicleHistoryPath = (id: string) => `${BASE}/history?vehicle=${encodeURIComponent(id)}`;

/** Who changed what and when, newest first, a page at a time; filtered by cart, person or kind of change. */
export function History() {
  const id = useId();
  const [filters, setFilters] = useState(filtersFromUrl);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sites, setSites] = useState<Site[]>([]);
  useEffect(() => {
    const onPop = () => setFilters(filtersFromUrl());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  useLiveLoad(
    () => staffApi.audit({ ...filters, limit: PAGE }),
    (page) => {
      setEntries(page.entries);
      setNext(page.next);
      setFailure(null);
    },
    (err) => setFailure(errorMessage(err)),
    [filters.vehicle, filters.who, filters.kind],
  );
  useLiveLoad(
    () => staffApi.sites(),
    ({ sites: list }) => setSites(list),
    () => setSites([]),
    [],
  );
  const older = async () => {
    if (next === null) return;
    try {
      const page = await staffApi.audit({ ...filters, limit: PAGE, before: next });
      setEntries((shown) => [...(shown ?? []), ...page.entries]);
      setNext(page.next);
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };
  const apply = (chosen: typeof filters) => {
    const q = new URLSearchParams(Object.entries(chosen).flatMap(([k, v]) => (v ? [[k, v]] : [])));
    history.pushState(history.state, "", `${BASE}/history${q.size ? `?${q}` : ""}`);
    setEntries(null);
    setFilters(chosen);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const who = String(data.get("who") ?? "").trim();
    const kind = String(data.get("kind") ?? "");
    apply({ vehicle: filters.vehicle, who: who || undefined, kind: KINDS.includes(kind as AuditKind) ? (kind as AuditKind) : undefined });
  };
  const timeZoneOf = (siteId: string | null | undefined) => {
    const site = sites.find((s) => s.id === siteId) ?? sites[0];
    return site ? siteTimeZone(site) : undefined;
  };
  const cartName = filters.vehicle ? (entries?.find((e) => e.vehicleName)?.vehicleName ?? filters.vehicle) : null;

  return (
    <>
      <ScreenHeading title={cartName ? `History of ${cartName}` : "History"} busy={!entries && !failure} />
      {filters.vehicle && (
        <p>
          <Link href={vehiclePath(filters.vehicle)}>Back to {cartName}</Link> ·{" "}
          <a
            href={`${BASE}/history`}
            onClick={(e) => {
              e.preventDefault();
              apply({ who: filters.who, kind: filters.kind });
            }}
          >
            Every cart's history
          </a>
        </p>
      )}
      <form key={`${filters.who ?? ""}|${filters.kind ?? ""}`} className="lead-filters" role="search" aria-label="Filter the history" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-who`}>Who</label>
          <input id={`${id}-who`} name="who" type="search" defaultValue={filters.who ?? ""} placeholder="an e-mail, or part of one" autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select id={`${id}-kind`} name="kind" defaultValue={filters.kind ?? ""}>
            <option value="">Every change</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {AUDIT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--secondary">
          Show
        </button>
      </form>
      {failure && <Notice tone="error">Could not load the history: {failure}</Notice>}
      {entries && entries.length === 0 && (
        <p>{filters.vehicle || filters.who || filters.kind ? "No change matches these filters." : "Nothing has been changed yet."}</p>
      )}
      {entries && entries.length > 0 && (
        <StackedTable label="Changes, newest first" columns={COLUMNS}>
          {entries.map((e, i) => (
            <tr key={`${e.at}-${i}`}>
              <td data-label={COLUMNS[0]}>
                <time dateTime={e.at}>{formatTime(e.at)}</time>
              </td>
              <td data-label={COLUMNS[1]}>{e.email}</td>
              <td data-label={COLUMNS[2]}>{AUDIT_ACTION_LABELS[e.action]}</td>
              <Subject entry={e} timeZone={timeZoneOf(e.leadSite)} />
            </tr>
          ))}
        </StackedTable>
      )}
      {entries && next !== null && (
        <div className="actions">
          <button type="button" className="btn btn--secondary" onClick={() => void older()}>
            Show older changes
          </button>
        </div>
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
function Subject({ entry, timeZone }: { entry: AuditEntry; timeZone: string | undefined }) {
  const leadId = auditLeadId(entry);
  // An account's or a site's entry names it first (a site: then its changed fields).
  const account = entry.action.startsWith("account-") || entry.action.startsWith("site-");
  const changed = leadSubjectText(entry, timeZone) ?? (leadId !== null || account ? entry.fields.slice(1) : entry.fields);
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
          ) : c.field === "images" && reordered(c.from, c.to) ? (
            "Photos reordered"
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
