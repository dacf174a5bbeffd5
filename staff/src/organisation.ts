/**
 * The organisation's name (ORGANISATION_NAME, api/config.ts), which the server writes into the console's page
 * (api/routes/staff-console.ts): the console's brand on every site's host, whichever site is being worked on.
 * "" when the page names none (as built, before the server serves it).
 */
export const organisationName = (): string => document.querySelector<HTMLMetaElement>('meta[name="gc-organisation"]')?.content.trim() ?? "";
