import type { PolicyDocument } from "./document";
import { CORRECTIONS_POLICY } from "./corrections-policy";
import { DELIVERY_POLICY } from "./delivery-policy";
import { DIVERSITY_POLICY } from "./diversity-policy";
import { ETHICS_POLICY } from "./ethics-policy";
import { FEEDBACK_POLICY } from "./feedback-policy";
import { PRIVACY_POLICY } from "./privacy-policy";
import { PUBLISHING_POLICY } from "./publishing-policy";
import { RENTAL_POLICY } from "./rental-policy";
import { RETURN_POLICY } from "./return-policy";
import { STAFFING_REPORT } from "./staffing-report";
import { STORAGE_POLICY } from "./storage-policy";
import { TERMS_CONDITIONS } from "./terms-conditions";
import { TERMS_OF_SERVICE } from "./terms-of-service";

export type { PolicyDocument, Block } from "./document";
export { fillPolicy, fillSiteText } from "./document";
export { PRIVACY_POLICY, TERMS_OF_SERVICE, TERMS_CONDITIONS };

/** Every policy and legal page, in footer order: the ten policies first. */
export const POLICY_DOCUMENTS: readonly PolicyDocument[] = [
  RETURN_POLICY,
  DELIVERY_POLICY,
  RENTAL_POLICY,
  STORAGE_POLICY,
  ETHICS_POLICY,
  PUBLISHING_POLICY,
  FEEDBACK_POLICY,
  CORRECTIONS_POLICY,
  DIVERSITY_POLICY,
  STAFFING_REPORT,
  TERMS_CONDITIONS,
  PRIVACY_POLICY,
  TERMS_OF_SERVICE,
];

/** Short paths serving the same page as a legal document, which stays canonical. */
export const LEGAL_ALIASES: Readonly<Record<string, string>> = {
  "/privacy": PRIVACY_POLICY.path,
  "/terms": TERMS_OF_SERVICE.path,
};
