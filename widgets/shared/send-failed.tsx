import { ORIGIN_NOT_ALLOWED } from "../../domain/origin-not-allowed";
import { telHref, type PhoneNumber } from "../../domain/business";
import { reportError } from "./report";

/** A send that did not reach the dealership: the answer's status (absent: no answer came), its reason code and text. */
export interface FailedSend {
  status?: number;
  code?: string;
  error?: string;
}

/**
 * Statuses whose `error` the API writes for visitors, about what they typed or chose (a field to correct, a time or a
 * cart taken meanwhile): shown as it is. Every other failure is told in the widget's own words below.
 */
const VISITOR_WORDS = new Set([400, 409, 410, 422]);

/**
 * What a visitor reads when `what` ("message", "rental request"…) was not sent, the same in every widget that posts
 * (docs/decisions/0054): what happened in plain words, that what they typed is kept, and to call. The server's and
 * the developer's text (an origin, a status, "Internal server error") goes to reportSendFailure, never here.
 */
export function sendFailedText(what: string, failure: FailedSend): string {
  const { status, code, error } = failure;
  if (status !== undefined && VISITOR_WORDS.has(status) && error?.trim()) return error;
  if (code === ORIGIN_NOT_ALLOWED) return `This page cannot send your ${what} to us. What you typed is still here: please call us instead.`;
  if (status === undefined) return `Your ${what} was not sent: we could not be reached. What you typed is still here: please try again, or call us.`;
  if (status === 429)
    return `Your ${what} was not sent: many were sent from your connection just now. What you typed is still here: please wait a minute and try again, or call us.`;
  if (status === 413) return `Your ${what} was not sent: it is too large. Please make it shorter or send fewer photos, or call us.`;
  return `Your ${what} was not sent: something went wrong on our side. What you typed is still here: please try again in a moment, or call us.`;
}

/** The failed send's words and the dealership's phone as a Call link: the content of a widget's alert. */
export function SendFailed({ what, failure, phone }: { what: string; failure: FailedSend; phone: Pick<PhoneNumber, "display" | "e164"> | undefined }) {
  return (
    <>
      <p className="send-failed-text">{sendFailedText(what, failure)}</p>
      {phone && (
        <p className="send-failed-call">
          <a className="gc-btn gc-btn--ghost" href={telHref(phone)} part="call">
            Call {phone.display}
          </a>
        </p>
      )}
    </>
  );
}

/**
 * Tell the page's developer why a send failed (a gc-error event and a prefixed warning), with the server's own text;
 * a refusal of what the visitor typed (400, 409…) is theirs to correct, not the developer's, and is not reported.
 * `hint` adds what the developer can do (apiBaseHint's "no api-base given").
 */
export function reportSendFailure(host: Element, widget: string, what: string, failure: FailedSend, hint = ""): void {
  const { status, code, error } = failure;
  if (status !== undefined && VISITOR_WORDS.has(status)) return;
  if (code === ORIGIN_NOT_ALLOWED) {
    reportError(
      host,
      widget,
      `this page's origin (${location.origin}) may not post leads: the dealership adds it to its partner origins (HTTP ${status}: ${error ?? ""})`,
    );
    return;
  }
  reportError(host, widget, `could not send the ${what} (${status ? `HTTP ${status}` : "no answer"})${error ? `: ${error}` : ""}${hint}`);
}
