import { telHref } from "../../domain/business";
import { SCRIPT_CONTACT } from "./script-contact";

/**
 * A load that failed, in plain words for visitors: the message, Try again and the dealership's phone. The technical
 * reason goes to gc-error and the console, never here (docs/decisions/0011).
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  // Only the browser shows a failed load, with the facts of the site that served the script (no context: it would cost
  // every script preact's createContext).
  const phone = SCRIPT_CONTACT?.main;
  return (
    <div className="notice notice--error" role="alert" part="error">
      <p>{message}</p>
      <p className="notice-actions">
        <button type="button" className="gc-btn gc-btn--ghost" onClick={onRetry}>
          Try again
        </button>
        {phone && (
          <a className="gc-btn gc-btn--ghost" href={telHref(phone)} part="call">
            Call {phone.display}
          </a>
        )}
      </p>
    </div>
  );
}
