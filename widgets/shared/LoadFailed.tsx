import { BUSINESS, telHref } from "../../domain/business";

/**
 * A load that failed, in plain words for visitors: the message, Try again and the dealership's phone. The technical
 * reason goes to gc-error and the console, never here (docs/decisions/0011).
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert" part="error">
      <p>{message}</p>
      <p className="notice-actions">
        <button type="button" className="gc-btn gc-btn--ghost" onClick={onRetry}>
          Try again
        </button>
        <a className="gc-btn gc-btn--ghost" href={telHref(BUSINESS.phones.main)} part="call">
          Call {BUSINESS.phones.main.display}
        </a>
      </p>
    </div>
  );
}
