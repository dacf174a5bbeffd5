import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { INTEREST_LABELS, INTERESTS, type Interest } from "../../../domain/contact";
import { otherAnswers } from "../../../domain/contact-fields";
import { leadName, type Lead } from "../../../domain/lead";
import {
  ASSIGNED_FILTER_LABELS,
  ASSIGNED_FILTERS,
  FOLLOW_UP_LABELS,
  FOLLOW_UP_STATUSES,
  LeadQuerySchema,
  periodProblem,
  type AssignedFilter,
  type FollowUpStatus,
  type InboxLead,
  type LeadCounts,
} from "../../../domain/lead-follow-up";
import { leadsApi, type LeadFilters } from "../api/leads-api";
import { FilterSelect } from "../components/FilterSelect";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { formatTime } from "../format";
import { mailFailureText } from "../mail-failure";
import { BASE, Link } from "../router";
import "../leads.css";
import { errorMessage } from "../error-message";
import { useLiveLoad } from "../use-live-load";
import { DueBadge, LeadSales } from "../inbox/LeadSales";
import { useNewLeads } from "../inbox/use-new-leads";
import { LeadCart } from "./LeadCart";
import { LeadTradeIn } from "../inbox/LeadTradeIn";

/** The first thing the API would refuse in these filters, by the core's rules, or null. */
function queryProblem(filters: LeadFilters): string | null {
  const parsed = LeadQuerySchema.safeParse(filters);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "These filters cannot be used";
  return periodProblem(parsed.data) ?? null;
}

/** What the filter form holds: dates as the date inputs give them (the reader's own days). */
interface FilterForm {
  q: string;
  status: "" | FollowUpStatus;
  interest: "" | Interest;
  source: string;
  /** The id of the cart the leads are about. */
  vehicle: string;
  from: string;
  to: string;
  assigned: "" | AssignedFilter;
}
const NO_FILTERS: FilterForm = { q: "", status: "", interest: "", source: "", vehicle: "", from: "", to: "", assigned: "" };
/** The filters as the inbox's address holds them (/staff/leads?status=new&q=…), so that a reload, Back or a shared link keeps them. */
function formFromUrl(): FilterForm {
  const q = new URLSearchParams(location.search);
  const form: Record<string, string> = { ...NO_FILTERS };
  for (const key of Object.keys(NO_FILTERS)) form[key] = q.get(key) ?? "";
  return form as unknown as FilterForm;
}

/** The filters a phone keeps behind "More filters": all but the search. */
const MORE_FILTERS = ["assigned", "status", "interest", "source", "vehicle", "from", "to"] as const satisfies readonly (keyof FilterForm)[];

/** A day of the date input as the start of that day in the reader's time zone; `to` takes in its whole day. */
function dayStart(day: string, plusDays = 0): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).toISOString();
}

const toFilters = (f: FilterForm): LeadFilters => ({
  q: f.q.trim() || undefined,
  status: f.status || undefined,
  interest: f.interest || undefined,
  source: f.source.trim() || undefined,
  vehicle: f.vehicle.trim() || undefined,
  from: dayStart(f.from),
  to: dayStart(f.to, 1),
  assigned: f.assigned || undefined,
});

/** How the lead's notification mail fared, in words. */
function deliveryText(d: Lead["delivery"]): { text: string; tone: "ok" | "wait" | "bad" } {
  if (d.status === "sent") return { text: `Mail sent${d.sentAt ? ` ${formatTime(d.sentAt)}` : ""}`, tone: "ok" };
  if (d.status === "not-sent") return { text: "Mail not sent (mail was off)", tone: "wait" };
  if (d.lastError)
    return {
      text: `Mail failed (${d.attempts} ${d.attempts === 1 ? "try" : "tries"}): ${mailFailureText(d.lastError)}${d.nextAttemptAt ? `; next try ${formatTime(d.nextAttemptAt)}` : ""}`,
      tone: "bad",
    };
  return { text: "Mail queued", tone: "wait" };
}

/** The words a screen reader hears (and everyone sees) when leads arrive while the inbox is open. */
const arrivalText = (arrived: InboxLead[]) =>
  arrived.length === 1 ? `New lead: ${leadName(arrived[0]!)}` : `${arrived.length} new leads: ${arrived.map(leadName).join(", ")}`;

/**
 * The leads inbox: the overdue leads first, then newest first; filters (mine, unassigned), search, counts for the
 * period, follow-up, assignment, replies, resend (when this server mails leads) and CSV. New leads appear by themselves.
 */
export function Leads({ leadMail, me }: { leadMail: boolean; me: string }) {
  const [form, setForm] = useState<FilterForm>(formFromUrl);
  const [filters, setFilters] = useState<LeadFilters>(() => toFilters(form));
  const [leads, setLeads] = useState<InboxLead[] | null>(null);
  /** The overdue leads, listed first. */
  const [overdue, setOverdue] = useState<InboxLead[]>([]);
  /** Leads that arrived while the screen was open, marked, and the words that told of them. */
  const [arrivedIds, setArrivedIds] = useState<ReadonlySet<string>>(new Set());
  const [arrivals, setArrivals] = useState("");
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [counts, setCounts] = useState<LeadCounts | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  /** Bumped by each follow-up change, so the counts are fetched again. */
  const [changes, setChanges] = useState(0);
  /** Whether a phone shows the filters past the search (wider screens always do). */
  const [moreShown, setMoreShown] = useState(false);
  const id = useId();

  // The search applies as one types, a moment after the last key; the other filters at once. Each change replaces the
  // address's query (a filter is not a page of its own), as the inventory's list does.
  useEffect(() => {
    const query = new URLSearchParams(Object.entries(form).filter(([, value]) => value !== ""));
    history.replaceState(history.state, "", `${location.pathname}${query.size ? `?${query}` : ""}${location.hash}`);
    const next = toFilters(form);
    const timer = setTimeout(() => setFilters(next), next.q === filters.q ? 0 : 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);

  // Filters the API would refuse (a search too long, a From date after the To date) are told here, by the core's own
  // rules, without asking it: no list that these filters did not give, and no refused request.
  const problem = queryProblem(filters);
  const badPeriod = queryProblem({ from: filters.from, to: filters.to }) !== null;

  // A problem found without asking is shown as the failure, as the API would have answered it.
  useLiveLoad(
    () => (problem ? Promise.reject(new Error(problem)) : leadsApi.page(filters)),
    (page) => {
      setFailure(null);
      setLeads(page.leads);
      setOverdue(page.overdue);
      setNextCursor(page.nextCursor);
    },
    (err) => {
      setFailure(errorMessage(err));
      setLeads(null);
    },
    [filters, problem],
  );

  useLiveLoad(
    () => (badPeriod ? Promise.resolve(null) : leadsApi.counts({ from: filters.from, to: filters.to })),
    setCounts,
    () => setCounts(null),
    [filters.from, filters.to, changes, badPeriod],
  );

  const more = async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await leadsApi.page(filters, nextCursor);
      setLeads((list) => [...(list ?? []), ...page.leads]);
      setNextCursor(page.nextCursor);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setLoadingMore(false);
    }
  };

  const replace = useCallback((lead: InboxLead) => {
    setLeads((list) => list?.map((l) => (l.id === lead.id ? lead : l)) ?? null);
    setOverdue((list) => list.map((l) => (l.id === lead.id ? lead : l)));
    setChanges((n) => n + 1);
  }, []);

  // The live inbox: a lead that arrives is put at the top without a reload, marked, and told politely.
  const shown = new Set([...(leads ?? []), ...overdue].map((l) => l.id));
  useNewLeads(
    filters,
    !problem && leads !== null,
    (leadId) => shown.has(leadId),
    () => {
      leadsApi.page(filters).then(
        (page) => {
          const arrived = page.leads.filter((l) => !shown.has(l.id));
          if (!arrived.length) return;
          setLeads((list) => [...arrived, ...(list ?? []).filter((l) => !arrived.some((a) => a.id === l.id))]);
          setArrivedIds((ids) => new Set([...ids, ...arrived.map((l) => l.id)]));
          setArrivals(arrivalText(arrived));
          setChanges((n) => n + 1);
        },
        () => undefined,
      );
    },
  );

  const set = <K extends keyof FilterForm>(key: K, value: FilterForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const filtered = Object.values(form).some(Boolean);
  const moreSet = MORE_FILTERS.filter((key) => form[key]).length;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilters(toFilters(form));
  };

  return (
    <>
      <ScreenHeading title="Leads" busy={!leads && !failure} />
      <form className="lead-filters" role="search" aria-label="Filter leads" onSubmit={submit}>
        <div className="field lead-filters__q">
          <label htmlFor={`${id}-q`}>Search</label>
          <input
            id={`${id}-q`}
            type="search"
            value={form.q}
            placeholder="Name, e-mail, phone or message"
            onChange={(e) => set("q", e.target.value)}
            aria-describedby={`${id}-count`}
          />
        </div>
        <button
          type="button"
          className="btn btn--small btn--secondary lead-filters__toggle"
          aria-expanded={moreShown}
          aria-controls={`${id}-more`}
          onClick={() => setMoreShown((shown) => !shown)}
        >
          More filters{moreSet ? ` (${moreSet} set)` : ""}
        </button>
        <div id={`${id}-more`} className={`lead-filters__more${moreShown ? " lead-filters__more--shown" : ""}`}>
          <FilterSelect
            label="Assigned"
            options={ASSIGNED_FILTERS}
            optionLabel={(a) => ASSIGNED_FILTER_LABELS[a]}
            value={form.assigned}
            onChange={(v) => set("assigned", v)}
          />
          <FilterSelect
            label="Status"
            options={FOLLOW_UP_STATUSES}
            optionLabel={(s) => FOLLOW_UP_LABELS[s]}
            value={form.status}
            onChange={(v) => set("status", v)}
          />
          <FilterSelect
            label="Interest"
            options={INTERESTS}
            optionLabel={(i) => INTEREST_LABELS[i]}
            value={form.interest}
            onChange={(v) => set("interest", v)}
          />
          <FilterSelect
            label="Source"
            className="lead-filters__source"
            options={sourceOptions(counts, form.source)}
            value={form.source}
            onChange={(v) => set("source", v)}
          />
          <div className="field">
            <label htmlFor={`${id}-vehicle`}>Cart id</label>
            <input id={`${id}-vehicle`} type="search" value={form.vehicle} placeholder="e.g. denago-ev-city" onChange={(e) => set("vehicle", e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-from`}>From</label>
            <input id={`${id}-from`} type="date" value={form.from} max={form.to || undefined} onChange={(e) => set("from", e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>To</label>
            <input id={`${id}-to`} type="date" value={form.to} min={form.from || undefined} onChange={(e) => set("to", e.target.value)} />
          </div>
          <div className="lead-filters__actions">
            <button type="button" className="btn btn--small btn--secondary" disabled={!filtered} onClick={() => setForm(NO_FILTERS)}>
              Clear filters
            </button>
            <a className="btn btn--small btn--primary" href={leadsApi.csvUrl(filters)} download>
              Download CSV
            </a>
          </div>
        </div>
      </form>

      {counts && <Counts counts={counts} period={Boolean(form.from || form.to)} />}

      {failure && <Notice tone="error">Could not load the leads: {failure}</Notice>}
      {!leadMail && <MailOffNote />}
      <p className="lead-arrivals" role="status">
        {arrivals}
      </p>
      {overdue.length > 0 && (
        <section aria-labelledby={`${id}-overdue`}>
          <h2 className="lead-section-title" id={`${id}-overdue`}>
            Overdue follow-ups ({counts && counts.overdue > overdue.length ? `${overdue.length} of ${counts.overdue}` : overdue.length})
          </h2>
          <ol className="lead-list lead-list--overdue">
            {overdue.map((lead) => (
              <LeadCard key={lead.id} lead={lead} leadMail={leadMail} me={me} onChange={replace} />
            ))}
          </ol>
        </section>
      )}
      {leads && (
        <>
          {overdue.length > 0 && <h2 className="lead-section-title">The other leads</h2>}
          <p id={`${id}-count`} className="muted" aria-live="polite">
            {leads.length === 0
              ? filtered
                ? "No lead matches these filters."
                : "No leads yet."
              : `${leads.length} ${leads.length === 1 ? "lead" : "leads"} shown, newest first${nextCursor ? "; more below" : ""}`}
          </p>
          <ol className="lead-list">
            {leads.map((lead) => (
              <LeadCard key={lead.id} lead={lead} leadMail={leadMail} me={me} isNew={arrivedIds.has(lead.id)} onChange={replace} />
            ))}
          </ol>
          {nextCursor && (
            <p>
              <button type="button" className="btn btn--secondary" disabled={loadingMore} onClick={() => void more()}>
                {loadingMore ? "Loading…" : "Show more leads"}
              </button>
            </p>
          )}
        </>
      )}
    </>
  );
}

/** Said once per screen, where each card would otherwise offer to resend its mail. */
const MailOffNote = () => <Notice tone="info">Lead mail is off on this server: leads are only in this inbox, and none can be resent.</Notice>;

/** One lead of the inbox, by its id (where the history links): the same card, and a way back to every lead. */
export function OneLead({ id, leadMail, me }: { id: string; leadMail: boolean; me: string }) {
  const [lead, setLead] = useState<InboxLead | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useLiveLoad(
    () => leadsApi.lead(id),
    setLead,
    (err) => setFailure(errorMessage(err)),
    [id],
  );
  return (
    <>
      <ScreenHeading title={lead ? `Lead from ${leadName(lead)}` : "Lead"} busy={!lead && !failure} />
      <p>
        <Link href={`${BASE}/leads`}>All leads</Link>
      </p>
      {failure && <Notice tone="error">Could not load the lead: {failure}</Notice>}
      {!leadMail && <MailOffNote />}
      {lead && (
        <ol className="lead-list">
          <LeadCard lead={lead} leadMail={leadMail} me={me} onChange={setLead} />
        </ol>
      )}
    </>
  );
}

/** The source filter's choices: every label and origin of the period's leads. */
function sourceOptions(counts: LeadCounts | null, current: string): string[] {
  const all = new Set<string>();
  for (const s of counts?.bySource ?? []) {
    if (s.source) all.add(s.source);
    if (s.origin) all.add(s.origin);
  }
  if (current) all.add(current);
  return [...all].sort((a, b) => a.localeCompare(b));
}

function Counts({ counts, period }: { counts: LeadCounts; period: boolean }) {
  const title = period ? "In this period" : "All leads";
  return (
    <section className="lead-counts" aria-label={`Counts: ${title.toLowerCase()}`}>
      <h2>
        {title}: {counts.total} {counts.total === 1 ? "lead" : "leads"}
      </h2>
      <ul className="lead-counts__sales" aria-label="Follow-up">
        <li className={counts.overdue ? "lead-due--overdue" : undefined}>
          Overdue <strong>{counts.overdue}</strong>
        </li>
        <li>
          Mine <strong>{counts.mine}</strong>
        </li>
        <li>
          Unassigned <strong>{counts.unassigned}</strong>
        </li>
      </ul>
      <ul className="lead-counts__status" aria-label="Per status">
        {FOLLOW_UP_STATUSES.map((s) => (
          <li key={s} className={`lead-status lead-status--${s}`}>
            {FOLLOW_UP_LABELS[s]} <strong>{counts.byStatus[s]}</strong>
          </li>
        ))}
      </ul>
      {counts.bySource.length > 0 && (
        <details className="lead-counts__by-source">
          <summary>
            Leads per source ({counts.bySource.length} {counts.bySource.length === 1 ? "source" : "sources"})
          </summary>
          <div className="table-wrap" role="region" aria-label="Leads per source" tabIndex={0}>
            <table className="table lead-counts__sources">
              <thead>
                <tr>
                  <th scope="col">Source and origin</th>
                  <th scope="col" className="num">
                    Leads
                  </th>
                </tr>
              </thead>
              <tbody>
                {counts.bySource.map((s) => (
                  <tr key={`${s.source}|${s.origin}`}>
                    <td>
                      {s.source ?? <span className="muted">No label</span>}
                      <span className="visually-hidden"> from </span>
                      <span className="lead__origin">{s.origin ?? "origin unknown"}</span>
                    </td>
                    <td className="num">{s.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}

/** One lead: what the visitor sent (always as text), its mail, and its follow-up. */
function LeadCard({
  lead,
  leadMail,
  me,
  isNew = false,
  onChange,
}: {
  lead: InboxLead;
  leadMail: boolean;
  me: string;
  isNew?: boolean;
  onChange: (lead: InboxLead) => void;
}) {
  const id = useId();
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error" | "info"; text: string } | null>(null);
  const watching = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(watching.current ?? undefined), []);
  const delivery = deliveryText(lead.delivery);
  const name = leadName(lead);

  const change = async (body: { status?: FollowUpStatus; note?: string }, done: string) => {
    setBusy(true);
    setNotice(null);
    try {
      onChange(await leadsApi.change(lead.id, body));
      if (body.note !== undefined) setNote("");
      setNotice({ tone: "success", text: done });
    } catch (err) {
      setNotice({ tone: "error", text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  /** Follow the lead until its mail is no longer queued (the outbox tries it at once). */
  const watch = (tries: number) => {
    watching.current = setTimeout(() => {
      leadsApi.lead(lead.id).then(
        (now) => {
          onChange(now);
          if (now.delivery.status === "pending" && now.delivery.attempts === lead.delivery.attempts && tries > 1) watch(tries - 1);
          else
            setNotice(
              now.delivery.status === "sent" ? { tone: "success", text: "The mail was sent." } : { tone: "error", text: deliveryText(now.delivery).text },
            );
        },
        () => undefined,
      );
    }, 700);
  };

  const resend = async () => {
    setBusy(true);
    setNotice(null);
    try {
      onChange(await leadsApi.resend(lead.id));
      setNotice({ tone: "info", text: "Queued: sending the mail again…" });
      watch(15);
    } catch (err) {
      setNotice({ tone: "error", text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={`lead${isNew ? " lead--new" : ""}`} data-lead-id={lead.id} aria-labelledby={`${id}-name`}>
      <div className="lead__head">
        <h2 className="lead__name" id={`${id}-name`}>
          {name}
        </h2>
        <p className={`lead-status lead-status--${lead.status}`}>
          <span className="visually-hidden">Follow-up: </span>
          {FOLLOW_UP_LABELS[lead.status]}
        </p>
        <DueBadge lead={lead} />
      </div>
      <dl className="lead__facts">
        <div>
          <dt>Received</dt>
          <dd>
            <time dateTime={lead.createdAt}>{formatTime(lead.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Interest</dt>
          <dd>{INTEREST_LABELS[lead.interest]}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>
            {lead.source ?? <span className="muted">No label</span>}
            <span className="visually-hidden"> from </span>
            <span className="lead__origin">{lead.origin ?? "origin unknown"}</span>
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${lead.email}`}>{lead.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}>{lead.phone}</a>
          </dd>
        </div>
        {otherAnswers(lead).map((a) => (
          <div key={a.name}>
            <dt>{a.label}</dt>
            <dd>{a.text}</dd>
          </div>
        ))}
        <div>
          <dt>Mail</dt>
          <dd className={`lead__mail lead__mail--${delivery.tone}`}>{delivery.text}</dd>
        </div>
      </dl>
      <LeadCart lead={lead} />
      <LeadTradeIn lead={lead} />
      <p className="lead__message">{lead.message}</p>

      <details className="lead__follow-up">
        <summary>
          Follow up{lead.notes.length ? ` · ${lead.notes.length} ${lead.notes.length === 1 ? "note" : "notes"}` : ""}
          {lead.statusBy && (
            <span className="lead__status-by">
              {FOLLOW_UP_LABELS[lead.status]} by {lead.statusBy}, {formatTime(lead.statusAt!)}
            </span>
          )}
        </summary>
        <div className="lead__follow-up-body">
          <div className="field lead__status-field">
            <label htmlFor={`${id}-status`}>Status of {name}</label>
            <select
              id={`${id}-status`}
              value={lead.status}
              disabled={busy}
              onChange={(e) => {
                const status = e.target.value as FollowUpStatus;
                void change({ status }, `Marked ${FOLLOW_UP_LABELS[status].toLowerCase()}.`);
              }}
            >
              {FOLLOW_UP_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {FOLLOW_UP_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          {lead.notes.length > 0 && (
            <ol className="lead__notes" aria-label={`Notes on ${name}`}>
              {lead.notes.map((n, i) => (
                <li key={`${n.at}-${i}`}>
                  <p className="lead__note-text">{n.text}</p>
                  <p className="muted lead__note-by">
                    {n.author}, <time dateTime={n.at}>{formatTime(n.at)}</time>
                  </p>
                </li>
              ))}
            </ol>
          )}
          <form
            className="lead__note-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (note.trim()) void change({ note }, "Note added.");
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-note`}>Add a note</label>
              <textarea id={`${id}-note`} rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
            </div>
            <button type="submit" className="btn btn--small btn--secondary" disabled={busy || !note.trim()}>
              Add note
            </button>
          </form>
        </div>
      </details>
      <LeadSales lead={lead} me={me} leadMail={leadMail} onChange={onChange} />
      {lead.delivery.status !== "sent" && leadMail && (
        <p className="lead__resend">
          <button
            type="button"
            className="btn btn--small btn--secondary"
            disabled={busy}
            aria-label={`Resend the mail of ${name}`}
            onClick={() => void resend()}
          >
            Resend mail
          </button>
        </p>
      )}
      {notice && (
        <Notice tone={notice.tone} result={notice}>
          {notice.text}
        </Notice>
      )}
    </li>
  );
}
