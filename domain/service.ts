/**
 * Booking service online: the kinds of work (the services page's cards, and what the spec §1 says the dealership
 * does), the prices shown for them (spec §9 "Service"), the pickup and return fee, and the request a visitor sends.
 * Built on zod/mini, like the rental booking, so the widget carries it cheaply. docs/decisions/0068-storage-and-service-rules.md.
 */
import * as z from "zod/mini";
import { ContactMessageSchema, LeadSourceSchema, MESSAGE_MAX_LENGTH, optionalLine } from "./contact";
import { rentalDeliveryFee } from "./delivery";
import { formatUsd } from "./money";
import { townAddressFields, type RentalTown } from "./rental-booking";
import { RENTAL_TERMS } from "./rentals";
import { SLOT_PATTERN } from "./test-drive";
import { TradeInRequestSchema } from "./trade-in";
import { MODIFICATION_LABELS, PROBLEM_MIN_LENGTH, SERVICE_KINDS, SERVICE_MESSAGES, type Modification } from "./service-fields";

export * from "./service-fields";

const MODIFICATIONS = Object.keys(MODIFICATION_LABELS) as [Modification, ...Modification[]];

const HandoverSchema = z.discriminatedUnion(
  "kind",
  [z.object({ kind: z.literal("drop-off") }), z.object({ kind: z.literal("pickup"), ...townAddressFields(SERVICE_MESSAGES) })],
  { error: SERVICE_MESSAGES.handover },
);
export type ServiceHandover = z.infer<typeof HandoverSchema>;

const tradeIn = TradeInRequestSchema.shape;
const visitor = z.pick(ContactMessageSchema, { firstName: true, lastName: true, email: true, phone: true }).shape;

/** What a visitor sends to book service: the work, the cart, the problem, drop-off or pickup, the slot, themselves. */
export const ServiceRequestSchema = z
  .object({
    work: z.enum(SERVICE_KINDS, { error: SERVICE_MESSAGES.work }),
    modifications: z._default(z.array(z.enum(MODIFICATIONS, { error: SERVICE_MESSAGES.modifications })), []),
    cart: z.object(
      { make: tradeIn.make, model: tradeIn.model, year: tradeIn.year, serial: optionalLine("The serial number or VIN", 40) },
      { error: SERVICE_MESSAGES.cart },
    ),
    problem: z
      .string({ error: SERVICE_MESSAGES.problem })
      .check(z.trim(), z.minLength(PROBLEM_MIN_LENGTH, SERVICE_MESSAGES.problem), z.maxLength(MESSAGE_MAX_LENGTH)),
    handover: HandoverSchema,
    /** The window's site-local start, "YYYY-MM-DDTHH:MM" (domain/service-slots.ts says which are offered). */
    slot: z.string({ error: SERVICE_MESSAGES.slot }).check(z.regex(SLOT_PATTERN, SERVICE_MESSAGES.slot)),
    ...visitor,
    source: z.optional(LeadSourceSchema),
    /** Honeypot: hidden from people, so any value marks a bot (as on the contact form). */
    website: z.optional(z.string().check(z.maxLength(500))),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.work === "custom" && body.modifications.length === 0)
        ctx.addIssue({ code: "custom", path: ["modifications"], message: SERVICE_MESSAGES.modifications, input: body });
    }),
  );
export type ServiceRequest = z.output<typeof ServiceRequestSchema>;
export type ServiceRequestInput = z.input<typeof ServiceRequestSchema>;

/** What fetching the cart and bringing it back costs: the rental delivery rule, free within its miles and a fee per mile beyond. */
export const servicePickupFee = (town: Pick<RentalTown, "miles">): number => rentalDeliveryFee(town.miles);

/** The pickup's line in words: "Pickup and return, Rehoboth Beach (17 miles): $42". */
export function servicePickupText(town: RentalTown): string {
  const fee = servicePickupFee(town);
  const { freeDeliveryMiles, deliveryFeePerMile } = RENTAL_TERMS;
  return fee === 0
    ? `Pickup and return, ${town.name} (${town.miles} miles): free within ${freeDeliveryMiles} miles`
    : `Pickup and return, ${town.name} (${town.miles} miles): ${formatUsd(fee)}, ${formatUsd(deliveryFeePerMile)} a mile past the first ${freeDeliveryMiles}`;
}
