import { EFFECTIVE_DATE_LINE, p, list, table, type PolicyDocument } from "./document";

/** How fast we answer feedback, in hours (spec §9 "Service, response and other limits": how soon urgent and general feedback are answered). */
export const FEEDBACK_RESPONSE_HOURS = { urgent: 4, general: 24 } as const;

export const FEEDBACK_POLICY: PolicyDocument = {
  slug: "feedback-policy",
  path: "/policies/feedback-policy",
  group: "policy",
  title: "Feedback Policy",
  shortTitle: "Feedback Policy",
  description: `Tell {name} what we got right or wrong: urgent feedback answered within ${FEEDBACK_RESPONSE_HOURS.urgent} hours, everything else within ${FEEDBACK_RESPONSE_HOURS.general} hours.`,
  keywords: ["customer feedback", "complaints", "response times"],
  hero: "feedback",
  intro: "Compliments, complaints and ideas all reach a person who can act on them.",
  dateLine: EFFECTIVE_DATE_LINE,
  sections: [
    {
      heading: "How to reach us",
      blocks: [
        list([
          `Call our main line, {phone}, or the service desk, {servicePhone}.`,
          `E-mail {email}.`,
          "Use the contact form on our contact page and choose the subject closest to your message.",
        ]),
      ],
    },
    {
      heading: "How fast we answer",
      blocks: [
        table(
          "Response times",
          ["Kind of feedback", "First answer within"],
          [
            ["Urgent: a safety concern, a cart that will not run, a rental in progress", `${FEEDBACK_RESPONSE_HOURS.urgent} hours`],
            ["General: questions, suggestions, compliments, complaints", `${FEEDBACK_RESPONSE_HOURS.general} hours`],
          ],
        ),
        p("Times count during business hours, except urgent rental problems, which our 24/7 rental support line handles at any hour."),
      ],
    },
    {
      heading: "What happens next",
      blocks: [
        list(
          [
            "We confirm we have your message and who is handling it.",
            "We look into it, with you if we need more detail.",
            "We tell you what we found and what we will do, and follow up until it is done.",
          ],
          true,
        ),
        p("Feedback about something wrong on this website is handled under our corrections policy."),
      ],
    },
  ],
};
