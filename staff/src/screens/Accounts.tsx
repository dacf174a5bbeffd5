import { useEffect, useId, useState, type FormEvent } from "react";
import { ApiError } from "../api/client";
import { staffApi, type Account, type Role } from "../api/staff-api";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { formatTime } from "../format";

const ROLE_LABELS: Record<Role, string> = { owner: "Owner", sales: "Sales" };
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Owners: the staff accounts, add one, remove one. */
export function Accounts({ me }: { me: string }) {
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const id = useId();

  const load = () =>
    staffApi.accounts().then(
      (list) => setAccounts(list),
      (err: unknown) => setFailure(message(err)),
    );
  useEffect(() => {
    void load();
  }, []);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setNotice(null);
    try {
      const account = await staffApi.addAccount({
        email: String(data.get("email") ?? "").trim(),
        role: data.get("role") === "owner" ? "owner" : "sales",
        password: String(data.get("password") ?? ""),
      });
      form.reset();
      setNotice({ tone: "success", text: `Added ${account.email} (${ROLE_LABELS[account.role]}). They can sign in now.` });
      await load();
    } catch (err) {
      const fields = err instanceof ApiError ? Object.values(err.body.fields ?? {}) : [];
      const why = err instanceof ApiError && err.status === 409 ? "an account with this e-mail exists already" : [message(err), ...fields].join(": ");
      setNotice({ tone: "error", text: `Not added: ${why}.` });
    }
  };

  const remove = async (email: string) => {
    setRemoving(null);
    setNotice(null);
    try {
      await staffApi.removeAccount(email);
      setNotice({ tone: "success", text: `Removed ${email}. Their sessions have ended.` });
      await load();
    } catch (err) {
      setNotice({ tone: "error", text: `${email} was not removed: ${message(err)}` });
    }
  };

  return (
    <>
      <ScreenHeading title="Accounts" busy={!accounts && !failure} />
      {failure && <Notice tone="error">Could not load the accounts: {failure}</Notice>}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {accounts && (
        <ul className="card-list" aria-label="Staff accounts">
          {accounts.map((a) => (
            <li key={a.email} className="card-row">
              <div>
                <p className="card-row__title">{a.email}</p>
                <p className="muted">
                  {ROLE_LABELS[a.role] ?? a.role} · added {formatTime(a.createdAt)}
                  {a.email === me ? " · you" : ""}
                </p>
              </div>
              {a.email !== me && (
                <button type="button" className="btn btn--small btn--danger" aria-label={`Remove: ${a.email}`} onClick={() => setRemoving(a.email)}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog open={removing !== null} title={`Remove ${removing ?? ""}?`} confirmLabel="Remove" onConfirm={() => removing && void remove(removing)} onCancel={() => setRemoving(null)}>
        <p>They will be signed out at once and can no longer sign in.</p>
      </ConfirmDialog>

      <section aria-labelledby={`${id}-add`} className="panel">
        <h2 id={`${id}-add`}>Add an account</h2>
        <form onSubmit={(e) => void add(e)} className="grid">
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input id={`${id}-email`} name="email" type="email" autoComplete="off" required />
          </div>
          <div className="field">
            <label htmlFor={`${id}-role`}>Role</label>
            <select id={`${id}-role`} name="role" defaultValue="sales">
              <option value="sales">Sales: manages the inventory</option>
              <option value="owner">Owner: also accounts and partner origins</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-password`}>Password</label>
            <p id={`${id}-password-hint`} className="field-hint">
              At least 12 characters. Give it to them in person.
            </p>
            <input id={`${id}-password`} name="password" type="password" autoComplete="new-password" minLength={12} required aria-describedby={`${id}-password-hint`} />
          </div>
          <div className="actions">
            <button type="submit" className="btn btn--primary">
              Add account
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
