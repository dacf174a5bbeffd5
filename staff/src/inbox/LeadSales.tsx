import { useEffect, useId, useState, type FormEvent } from "react";
import { ASSIGNED_BY_RULE, isOverdue, mayResendReply, REPLY_MAX_LENGTH, type InboxLead, type LeadReply } from "../../../domain/lead-follow-up";
import { leadsApi } from "../api/leads-api";
import { ApiError } from "../api/client";
import { Notice } from "../components/Notice";
import { errorMessage } from "../error-message";
import { formatTime } from "../format";
import "./inbox.css";
import { useLiveLoad } from "../use-live-load";

/** The accounts a site's leads may go to, asked once per site per page load. */
const assigneesOf = new Map<string, Promise<{ email: string; role: string }[]>>();
const assignees = (site: string) => {
  let found = assigneesOf.get(site);
  if (!found) {
    found = leadsApi.assignees(site);
    found.catch(() => assigneesOf.delete(site));
    assigneesOf.set(site, found);
  }
  return found;
};

/** A time as the datetime-local input takes it, in the reader's own time zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The lead's follow-up date on its card's head: overdue in words a glance catches. */
export function DueBadge({ lead }: { lead: InboxLead }) {
  if (!lead.due) return null;
  const overdue = isOverdue(lead, Date.now());
  return (
    <p className={`lead-due${overdue ? " lead-due--overdue" : ""}`}>
      {overdue ? "Overdue since " : "Due "}
      <time dateTime={lead.due}>{formatTime(lead.due)}</time>
    </p>
  );
}

type Tell = (notice: { tone: "success" | "error" | "info"; text: string }) => void;

/**
 * The sales side of a lead's card: who it is assigned to, when it is due, and the replies to the visitor.
 * Each change answers with the lead as it is now, handed to `onChange`.
 */
export function LeadSales({ lead, me, leadMail, onChange }: { lead: InboxLead; me: string; leadMail: boolean; onChange: (lead: InboxLead) => void }) {
  const id = useId();
  const [accounts, setAccounts] = useState<string[]>([]);
  const [due, setDue] = useState(lead.due ? toLocalInput(lead.due) : "");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error" | "info"; text: string } | null>(null);
  useEffect(() => setDue(lead.due ? toLocalInput(lead.due) : ""), [lead.due]);
  useLiveLoad(
    () => assignees(lead.site),
    (list) => setAccounts(list.map((a) => a.email)),
    () => undefined,
    [lead.site],
  );

  const act = async (work: () => Promise<InboxLead>, done: string) => {
    setBusy(true);
    setNotice(null);
    try {
      onChange(await work());
      setNotice({ tone: "success", text: done });
    } catch (err) {
      // Someone assigned it meanwhile: show the lead as it is now, and say so.
      if (err instanceof ApiError && err.status === 412 && err.body.current) onChange(err.body.current as InboxLead);
      setNotice({ tone: "error", text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const assign = (assignee: string | null) =>
    act(() => leadsApi.assign(lead, assignee), assignee === null ? "Unassigned." : `Assigned to ${assignee === me ? "you" : assignee}.`);
  const saveDue = (e: FormEvent) => {
    e.preventDefault();
    const at = due ? new Date(due) : null;
    if (at && Number.isNaN(at.getTime())) return setNotice({ tone: "error", text: "Choose a date and a time" });
    void act(() => leadsApi.change(lead.id, { due: at ? at.toISOString() : null }), at ? `Due ${formatTime(at.toISOString())}.` : "Follow-up date cleared.");
  };
  const choices = [...new Set([...accounts, ...(lead.assignee ? [lead.assignee] : [])])].sort();

  return (
    <div className="lead-sales">
      <div className="lead-sales__row">
        <div className="field">
          <label htmlFor={`${id}-assignee`}>Assigned to</label>
          <select id={`${id}-assignee`} value={lead.assignee ?? ""} disabled={busy} onChange={(e) => void assign(e.target.value || null)}>
            <option value="">Nobody</option>
            {choices.map((email) => (
              <option key={email} value={email}>
                {email === me ? `You (${email})` : email}
              </option>
            ))}
          </select>
          {lead.assignedBy && (
            <p className="muted lead-sales__by">
              {lead.assignedBy === ASSIGNED_BY_RULE ? "By the site's rule" : `By ${lead.assignedBy}`}, {formatTime(lead.assignedAt!)}
            </p>
          )}
        </div>
        {lead.assignee !== me && (
          <button type="button" className="btn btn--small btn--secondary lead-sales__take" disabled={busy} onClick={() => void assign(me)}>
            Assign to me
          </button>
        )}
        <form className="lead-sales__due" onSubmit={saveDue}>
          <div className="field">
            <label htmlFor={`${id}-due`}>Follow-up date</label>
            <input id={`${id}-due`} type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} />
          </div>
          <button type="submit" className="btn btn--small btn--secondary" disabled={busy || (!due && !lead.due)}>
            {!due && lead.due ? "Clear date" : "Set date"}
          </button>
        </form>
      </div>
      {notice && (
        <Notice tone={notice.tone} result={notice}>
          {notice.text}
        </Notice>
      )}
      <details className="lead__follow-up lead-sales__replies" open={lead.replies.some((r) => r.status === "failed") || undefined}>
        <summary>
          Reply to the visitor
          {lead.replies.length ? ` · ${lead.replies.length} ${lead.replies.length === 1 ? "reply" : "replies"}` : ""}
        </summary>
        <Replies lead={lead} leadMail={leadMail} onChange={onChange} tell={setNotice} />
      </details>
    </div>
  );
}

function replyState(r: LeadReply): { text: string; tone: "ok" | "wait" | "bad" } {
  if (r.status === "sent") return { text: `Sent${r.sentAt ? ` ${formatTime(r.sentAt)}` : ""}`, tone: "ok" };
  if (r.status === "failed") return { text: `Not sent: ${r.error ?? "the mail server did not take it"}`, tone: "bad" };
  return { text: "Sending…", tone: "wait" };
}

/** The replies to the visitor, oldest first, and the form to write one; a failed one has Resend. */
function Replies({ lead, leadMail, onChange, tell }: { lead: InboxLead; leadMail: boolean; onChange: (lead: InboxLead) => void; tell: Tell }) {
  const id = useId();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<InboxLead>, done: (l: InboxLead) => string) => {
    setBusy(true);
    try {
      const now = await work();
      onChange(now);
      const last = now.replies.at(-1);
      tell({ tone: last?.status === "failed" ? "error" : "success", text: done(now) });
      return now;
    } catch (err) {
      tell({ tone: "error", text: errorMessage(err) });
      return null;
    } finally {
      setBusy(false);
    }
  };
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    const now = await run(
      () => leadsApi.reply(lead.id, text),
      (l) => (l.replies.at(-1)?.status === "failed" ? "The reply is saved, but its mail failed: use Resend." : `Reply sent to ${lead.email}.`),
    );
    if (now) setText("");
  };
  return (
    <section className="lead-replies" aria-label={`Replies to ${lead.firstName} ${lead.lastName}`}>
      {lead.replies.length > 0 && (
        <ol className="lead-replies__list">
          {lead.replies.map((r) => {
            const state = replyState(r);
            return (
              <li key={r.id} className="lead-reply">
                <p className="lead-reply__text">{r.text}</p>
                <p className="muted lead-reply__by">
                  {r.author}, <time dateTime={r.at}>{formatTime(r.at)}</time> · <span className={`lead__mail lead__mail--${state.tone}`}>{state.text}</span>
                </p>
                {leadMail && mayResendReply(r, Date.now()) && (
                  <button
                    type="button"
                    className="btn btn--small btn--secondary"
                    disabled={busy}
                    onClick={() =>
                      void run(
                        () => leadsApi.resendReply(lead.id, r.id),
                        (l) => (l.replies.find((x) => x.id === r.id)?.status === "sent" ? "Reply sent." : "The reply's mail failed again."),
                      )
                    }
                  >
                    Resend reply
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {leadMail ? (
        <form className="lead-replies__form" onSubmit={(e) => void send(e)}>
          <div className="field">
            <label htmlFor={`${id}-reply`}>Reply to {lead.email}</label>
            <textarea id={`${id}-reply`} rows={3} maxLength={REPLY_MAX_LENGTH} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <button type="submit" className="btn btn--small btn--primary" disabled={busy || !text.trim()}>
            {busy ? "Sending…" : "Send reply"}
          </button>
        </form>
      ) : (
        <p className="muted">Mail is off on this server: replies cannot be sent from here.</p>
      )}
    </section>
  );
}
