/**
 * An error that carries the HTTP status and JSON body to answer with. Thrown by
 * the routes, the middleware and the photo pipeline below them alike, and
 * turned into the answer by the one error handler (`middleware/errors.ts`).
 * It sits at the root of `api/`, beside nothing it depends on, so that any
 * layer may throw it without importing the layer above.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
