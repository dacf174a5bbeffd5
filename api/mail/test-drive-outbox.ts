import type { Lead } from "../../domain/lead";
import type { Site } from "../../domain/site";
import { composeTestDriveMail, isBookedTestDrive, type TestDriveMailMessage } from "../../domain/test-drive-mail";
import type { LeadStore } from "../store/lead-store";
import type { SiteStore } from "../store/site-store";
import { DEFAULT_BACKOFF, type Backoff } from "./lead-outbox";
import { MailOutbox } from "./mail-outbox";
import { leadMailSite } from "./smtp-sender";

/** Sends one visitor's test-drive confirmation; rejects when the mail server did not take it. */
export type SendTestDriveMail = (message: TestDriveMailMessage, site: Site) => Promise<void>;

/**
 * Visitors' test-drive confirmations (decision 0047), sent by a MailOutbox. The lead is stored with its
 * confirmation pending, in the same write as the booking itself. Separate from the lead outbox, so the sales mail and
 * the visitor's mail are each sent once, whichever fails.
 */
export class TestDriveOutbox extends MailOutbox {
  constructor(
    store: Pick<LeadStore, "pendingConfirmations" | "confirm">,
    sites: Pick<SiteStore, "get" | "list">,
    send: SendTestDriveMail,
    backoff: Backoff = DEFAULT_BACKOFF,
  ) {
    super(
      {
        name: "test-drive confirmations",
        pending: async () => (await store.pendingConfirmations()).map((lead) => ({ id: lead.id, nextAttemptAt: lead.confirmation?.nextAttemptAt })),
        deliver: (id, attempt) =>
          store.confirm(id, (lead) =>
            attempt({
              attempts: lead.confirmation?.attempts ?? 0,
              describe: `test-drive confirmation of lead ${lead.id}`,
              send: async () => {
                if (!isBookedTestDrive(lead)) throw new Error("not a booked test drive (no cart or slot)");
                const site = leadMailSite(sites, lead);
                await send(composeTestDriveMail(lead, site), site);
              },
            }),
          ),
      },
      backoff,
    );
  }
}

/** The lead queue POST /api/contact hands leads to (its LeadQueue), which also confirms test drives to their visitors through `confirmations`. */
export const withTestDriveConfirmations = <Q extends { enqueue(lead: Lead): void; resend(id: string): Promise<"queued" | "sent" | "unknown"> }>(
  queue: Q,
  confirmations: TestDriveOutbox,
) => ({
  enqueue: (lead: Lead) => queue.enqueue(lead),
  resend: (id: string) => queue.resend(id),
  confirmTestDrive: (_lead: Lead) => confirmations.kick(),
});
