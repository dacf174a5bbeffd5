/** The words of a failure for the screen: an error's message (the API's own words, see api/client.ts), else the value as text. */
export const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));
