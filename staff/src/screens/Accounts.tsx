import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Site } from "../../../domain/site";
import { NewStaffAccountSchema, STAFF_ROLES, type NewStaffAccount, type StaffRole } from "../../../domain/staff";
import { ApiError } from "../api/client";
import { staffApi, type Account, type SignInWait } from "../api/staff-api";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { Field } from "../components/Field";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { formatTime } from "../format";
import { errorMessage } from "../error-message";
import { useLiveLoad } from "../use-live-load";

const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", sales: "Sales" };
const ROLE_HELP: Record<StaffRole, string> = { sales: "Sales: manages the inventory", owner: "Owner: also accounts and partner origins" };

/** Owners: the staff accounts and who of them failed sign-ins hold back; add one, remove one, reset one's password, unlock one. */
export function Accounts({ me }: { me: string }) {
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [resetting, setResetting] = useState<string | null>(null);
  /** A temporary password just set: shown this once. */
  const [temporary, setTemporary] = useState<{ email: string; password: string } | null>(null);
  const id = useId();

  /** Who the sign-in throttle holds back, by account. */
  const [waits, setWaits] = useState<SignInWait[]>([]);
  const failed = (err: unknown) => setFailure(errorMessage(err));
  /** The list again, after a change. */
  const load = () => Promise.all([staffApi.accounts().then(setAccounts, failed), staffApi.signInWaits().then(setWaits, failed)]);
  useLiveLoad(() => staffApi.accounts(), setAccounts, failed, []);
  useLiveLoad(() => staffApi.signInWaits(), setWaits, failed, []);
  /** The sites an account may be scoped to (the choice is offered with more than one). */
  const [sites, setSites] = useState<Site[]>([]);
  useLiveLoad(
    () => staffApi.sites(),
    ({ sites: list }) => setSites(list),
    () => setSites([]),
    [],
  );
  const siteName = (siteId: string) => sites.find((s) => s.id === siteId)?.name ?? siteId;

  const blank: NewStaffAccount = { email: "", role: "sales", password: "" };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewStaffAccount>({ resolver: zodResolver(NewStaffAccountSchema), defaultValues: blank });

  const add = handleSubmit(async (data) => {
    setNotice(null);
    try {
      const account = await staffApi.addAccount(data);
      reset(blank);
      setNotice({ tone: "success", text: `Added ${account.email} (${ROLE_LABELS[account.role]}). They can sign in now.` });
      await load();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setError("email", { type: "server", message: "An account with this e-mail exists already" }, { shouldFocus: true });
        return;
      }
      for (const [field, text] of Object.entries(err instanceof ApiError ? (err.body.fields ?? {}) : {})) {
        if (field === "email" || field === "role" || field === "password" || field === "sites") setError(field, { type: "server", message: text });
      }
      setNotice({ tone: "error", text: `Not added: ${errorMessage(err)}` });
    }
  });

  const remove = async (email: string) => {
    setRemoving(null);
    setNotice(null);
    setTemporary(null);
    try {
      await staffApi.removeAccount(email);
      setNotice({ tone: "success", text: `Removed ${email}. Their sessions have ended.` });
      await load();
    } catch (err) {
      setNotice({ tone: "error", text: `${email} was not removed: ${errorMessage(err)}` });
    }
  };

  const resetPassword = async (email: string) => {
    setResetting(null);
    setNotice(null);
    try {
      setTemporary({ email, password: await staffApi.resetPassword(email) });
      await load();
    } catch (err) {
      setNotice({ tone: "error", text: `The password of ${email} was not reset: ${errorMessage(err)}` });
    }
  };

  const unlock = async (email: string) => {
    setNotice(null);
    setTemporary(null);
    try {
      await staffApi.unlockAccount(email);
      setNotice({ tone: "success", text: `Unlocked ${email}: its failed sign-ins are forgotten, and it can sign in at once.` });
      await load();
    } catch (err) {
      setNotice({ tone: "error", text: `${email} was not unlocked: ${errorMessage(err)}` });
    }
  };

  return (
    <>
      <ScreenHeading title="Accounts" busy={!accounts && !failure} />
      {failure && <Notice tone="error">Could not load the accounts: {failure}</Notice>}
      {notice && (
        <Notice tone={notice.tone} result={notice}>
          {notice.text}
        </Notice>
      )}
      {temporary && (
        <Notice tone="success" result={temporary}>
          Temporary password for {temporary.email}: <code className="temporary-password">{temporary.password}</code>. Give it to them in person: it is shown
          only this once. At their next sign-in they choose their own.
        </Notice>
      )}
      {accounts && (
        <ul className="card-list" aria-label="Staff accounts">
          {accounts.map((a) => (
            <li key={a.email} className="card-row">
              <div>
                <p className="card-row__title">{a.email}</p>
                <p className="muted">
                  {ROLE_LABELS[a.role] ?? a.role} · {a.sites ? a.sites.map(siteName).join(", ") : "every site"} · added {formatTime(a.createdAt)}
                  {a.email === me ? " · you" : ""}
                  {a.mustChangePassword ? " · temporary password" : ""}
                </p>
                {waits
                  .filter((w) => w.email === a.email)
                  .map((w) => (
                    <p key={w.address} className="account-wait">
                      Held back after failed sign-ins from {w.address} until {formatTime(w.until)}
                    </p>
                  ))}
              </div>
              {a.email !== me && (
                <div className="card-row__actions">
                  <button type="button" className="btn btn--small" aria-label={`Unlock: ${a.email}`} onClick={() => void unlock(a.email)}>
                    Unlock
                  </button>
                  <button type="button" className="btn btn--small" aria-label={`Reset password: ${a.email}`} onClick={() => setResetting(a.email)}>
                    Reset password
                  </button>
                  <button type="button" className="btn btn--small btn--danger" aria-label={`Remove: ${a.email}`} onClick={() => setRemoving(a.email)}>
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ?? ""}?`}
        confirmLabel="Remove"
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>They will be signed out at once and can no longer sign in.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={resetting !== null}
        title={`Reset the password of ${resetting ?? ""}?`}
        confirmLabel="Reset password"
        onConfirm={() => resetting && void resetPassword(resetting)}
        onCancel={() => setResetting(null)}
      >
        <p>They will be signed out at once. You get a temporary password to give them; at their next sign-in they must choose their own.</p>
      </ConfirmDialog>

      <section aria-labelledby={`${id}-add`} className="panel">
        <h2 id={`${id}-add`}>Add an account</h2>
        <form onSubmit={(e) => void add(e)} className="grid" noValidate>
          <Field id={`${id}-email`} label="Email" error={errors.email?.message}>
            <input type="email" autoComplete="off" {...register("email")} />
          </Field>
          <Field id={`${id}-role`} label="Role" error={errors.role?.message}>
            <select {...register("role")}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_HELP[role]}
                </option>
              ))}
            </select>
          </Field>
          {sites.length > 1 && (
            <Field id={`${id}-sites`} label="Sites" hint="An account of one site sees only that site's leads and history." error={errors.sites?.message}>
              <select
                {...register("sites", {
                  setValueAs: (value: string | string[] | undefined) => (typeof value === "string" ? (value ? [value] : undefined) : value),
                })}
              >
                <option value="">Every site</option>
                {sites.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} only
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field
            id={`${id}-password`}
            label="Password"
            hint="At least 12 characters: a phrase of a few words is good; not a common password, a repeat or their e-mail. Give it to them in person."
            error={errors.password?.message}
          >
            <input type="password" autoComplete="new-password" {...register("password")} />
          </Field>
          <div className="actions">
            <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
              Add account
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
