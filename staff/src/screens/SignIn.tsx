import { useId, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { NewPasswordSchema, STAFF_MESSAGES } from "../../../domain/staff";
import { Field } from "../components/Field";
import { ApiError } from "../api/client";
import { staffApi, type Session } from "../api/staff-api";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { errorMessage } from "../error-message";

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
  if (err instanceof ApiError && err.status === 429)
    return `Too many failed sign-ins. Try again ${describeWait(err.retryAfterSeconds)}, or ask an owner to unlock your account.`;
  if (err instanceof ApiError && err.status === 400) return `Enter your e-mail and password. (${err.message})`;
  return `Could not sign in: ${errorMessage(err)}`;
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
      {error && (
        <Notice tone="error" result={error}>
          {error}
        </Notice>
      )}
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

const PasswordsSchema = NewPasswordSchema.extend({ again: NewPasswordSchema.shape.password }).refine((v) => v.password === v.again, {
  path: ["again"],
  error: "The two passwords differ",
});
type Passwords = { password: string; again: string };

/** After an owner's reset: New password, Repeat it, Save. Nothing else until then. */
export function ChooseNewPassword({ email, onChosen }: { email: string; onChosen: (session: Session) => void }) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Passwords>({ resolver: zodResolver(PasswordsSchema), defaultValues: { password: "", again: "" } });
  const save = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      onChosen(await staffApi.choosePassword(password));
    } catch (err) {
      const field = err instanceof ApiError ? err.body.fields?.password : undefined;
      if (field) setError("password", { type: "server", message: field }, { shouldFocus: true });
      else setFailure(errorMessage(err));
    }
  });
  return (
    <div className="sign-in">
      <ScreenHeading title="Choose a new password" />
      <Notice tone="info">{STAFF_MESSAGES.passwordChangeRequired}</Notice>
      {failure && (
        <Notice tone="error" result={failure}>
          Not saved: {failure}
        </Notice>
      )}
      <form onSubmit={(e) => void save(e)} aria-label="Choose a new password" noValidate>
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <Field
          id={`${id}-password`}
          label="New password"
          hint="At least 12 characters: a phrase of a few words is good; not the temporary one, a common password, a repeat or your e-mail."
          error={errors.password?.message}
        >
          <input type="password" autoComplete="new-password" {...register("password")} />
        </Field>
        <Field id={`${id}-again`} label="Repeat the new password" error={errors.again?.message}>
          <input type="password" autoComplete="new-password" {...register("again")} />
        </Field>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          Save new password
        </button>
      </form>
    </div>
  );
}
