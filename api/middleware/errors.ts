import { STATUS_CODES } from "node:http";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { HttpError } from "../http-error";

/** 400 for a path whose percent-encoding does not decode (e.g. /%E0%A4%A), before any route or file lookup sees it. */
export const rejectMalformedPath: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    return next(Object.assign(new URIError("Malformed percent-encoding in the URL"), { status: 400 }));
  }
  next();
};

/** The one 404 for /api: JSON, naming what was asked for. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `Not found: ${req.method} ${req.originalUrl}` });
};

/**
 * The one error handler. Body-parser errors carry a status (400 malformed,
 * 413 too large, 415 unsupported charset), the router's a 400 for a malformed
 * percent-encoding; anything without one is a bug: 500. No answer carries a
 * stack trace or a server path.
 */
export const jsonErrors: ErrorRequestHandler = (err, req, res, _next) => {
  const status = typeof err?.status === "number" && err.status >= 400 && err.status < 600 ? err.status : 500;
  let message: string;
  if (err instanceof HttpError) message = err.message;
  else if (err?.type === "entity.parse.failed") message = "Malformed JSON in request body";
  else if (err?.type === "entity.too.large") message = `Request body is too large (limit ${err.limit} bytes)`;
  else if (status === 400 && err instanceof URIError) message = "Malformed percent-encoding in the URL";
  else if (status < 500 && err?.expose) message = String(err.message);
  else if (status < 500) message = STATUS_CODES[status] ?? "Bad request";
  else message = "Internal server error";
  if (status >= 500) console.error(`[api] ${req.method} ${req.originalUrl} failed:`, err);
  if (res.headersSent) return;
  res.status(status).json({ error: message, ...(err instanceof HttpError ? err.extra : {}) });
};
