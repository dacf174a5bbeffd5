import busboy from "busboy";
import type { Request } from "express";
import { HttpError } from "../http-error";

const INTERRUPTED = "The upload was interrupted; nothing was stored.";
const MALFORMED = "Malformed multipart body.";

/** What a reader of one kind of multipart body does with busboy's parts, and with the body's end. */
export interface MultipartParts<T> {
  /** The refusal the parts add up to once the parser has read the whole body (a file too large, none sent), or null. */
  refusal(): Error | null;
  /**
   * Called once, when the body has ended: with null when it was read whole and `refusal()` found nothing, else with
   * the refusal, a malformed body (400) or a client gone before its last byte (400). Returns (or resolves to) the
   * result, or throws (rejects) the answer; the request's remaining bytes are already being read and dropped.
   */
  finish(err: Error | null): T | Promise<T>;
}

/**
 * Reads a multipart/form-data request through busboy within `limits`: `parts` listens to the parser's fields and
 * files, and the body settles once, on the parser's end, its error, or the client going away. On a refusal the rest of
 * the body is read and dropped, so the client gets the answer in words rather than a cut connection. Rejects with
 * HttpError 400 for a malformed body or an interrupted upload, or with what `finish` throws.
 */
export function readMultipart<T>(req: Request, limits: busboy.Limits, parts: (parser: busboy.Busboy) => MultipartParts<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // A client gone before its upload was read (e.g. during the session check) will send no "close" again: without
    // this the promise, and the place in a queue it holds, would wait forever.
    if (req.destroyed && !req.complete) return reject(new HttpError(400, INTERRUPTED));
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits });
    } catch {
      return reject(new HttpError(400, MALFORMED));
    }
    const reader = parts(parser);
    let settled = false;
    const settle = (err: Error | null) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      if (err) req.resume();
      try {
        resolve(reader.finish(err));
      } catch (e) {
        reject(e);
      }
    };
    parser.on("error", () => settle(new HttpError(400, MALFORMED)));
    parser.on("close", () => settle(reader.refusal()));
    req.on("close", () => {
      if (!req.complete) settle(new HttpError(400, INTERRUPTED));
    });
    req.pipe(parser);
  });
}
