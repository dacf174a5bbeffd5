import { useId, useState, type FormEvent } from "react";
import { ApiError } from "../api/client";
import { staffApi, type Session } from "../api/staff-api";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";

/** "in 15 minutes", "in 40 seconds": the wait a 429's Retry-After asks for. */
export function describeWait(seconds: number | null): string {
  if (seconds === null) return "in a few minutes";
  if (seconds < 60) return `in ${Math.ceil(seconds)} second${Math.ceil(seconds) === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The message a failed sign-in shows. */
export function signInFailure(err: unknown): string {
  if (err instanceof ApiError && err.status === 401) return "Wrong e-mail or password. Check both and try again.";
  if (err instanceof ApiError && err.status === 429) return `Too many failed sign-ins. Try again ${describeWait(err.retryAfterSeconds)}.`;
  if (err instanceof ApiError && err.status === 400) return `Enter your e-mail and password. (${err.message})`;
  return `Could not sign in: ${err instanceof Error ? err.message : String(err)}`;
}

interface SignInProps {
  onSignedIn: (session: Session) => void;
  note?: string | null;
  /** Inside a dialog: an h2 with this id names it, instead of the page's h1. */
  headingId?: string;
}

/** Email, Password, Sign in. */
export function SignIn({ onSignedIn, note, headingId }: SignInProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await staffApi.signIn(String(data.get("email") ?? "").trim(), String(data.get("password") ?? "")));
    } catch (err) {
      setError(signInFailure(err));
      setBusy(false);
    }
  };

  return (
    <div className={headingId ? "sign-in sign-in--dialog" : "sign-in"}>
      {headingId ? <h2 id={headingId}>Sign in again</h2> : <ScreenHeading title="Staff sign-in" />}
      {!headingId && <p className="muted">Sussex Coast Golf Carts: inventory and accounts.</p>}
      {note && <Notice tone="info">{note}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <form onSubmit={(e) => void submit(e)} aria-label="Sign in">
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="username" required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required />
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Sign in
        </button>
      </form>
    </div>
  );
}
