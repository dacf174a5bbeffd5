/**
 * Why a lead's mail failed, in words for sales: the SMTP library's own message
 * ("connect ECONNREFUSED 10.0.0.5:587", "550 5.1.1 mailbox unavailable") is for
 * the owner, who finds it in the server's log ([mail] … not delivered).
 */
export function mailFailureText(lastError: string): string {
  if (/\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b|timed? ?out|socket/i.test(lastError)) {
    return "the mail server could not be reached";
  }
  if (/^\s*5\d\d\b|\b5\.\d+\.\d+\b/.test(lastError)) return "the mail server refused it";
  if (/^\s*4\d\d\b|\b4\.\d+\.\d+\b/.test(lastError)) return "the mail server asked to try again later";
  if (/\b(auth|login|credentials|535)\b/i.test(lastError)) return "the mail server did not accept the server's sign-in";
  return "the mail server answered with an error";
}
