import type { Request } from "express";
import { HttpError } from "../http-error";
import { readMultipart } from "./read-multipart";

/**
 * The bytes of the one file sent in `field` of a multipart/form-data body,
 * held in memory up to `maxBytes`. A larger file is read to its end without
 * keeping it (so the client gets the 413, not a broken connection) and
 * refused. Throws HttpError: 415 for another content type, 413 too large,
 * 400 for a malformed body or no such field; a client that goes away
 * rejects too, so nothing is stored for it.
 */
export function readUpload(req: Request, { field, maxBytes }: { field: string; maxBytes: number }): Promise<Buffer> {
  if (!req.is("multipart/form-data")) {
    return Promise.reject(new HttpError(415, `Send the photo as multipart/form-data, in the field "${field}".`));
  }
  return readMultipart(req, { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 1024, parts: 12 }, (parser) => {
    let chunks: Buffer[] | null = null;
    let tooLarge = false;
    parser.on("file", (name, stream) => {
      // A body cut inside this part errors its stream too ("Unexpected end of form"): the parser's own error answers
      // that, and an error event nobody listens for would end the process.
      stream.on("error", () => {});
      if (name !== field || chunks) return stream.resume();
      const kept: Buffer[] = (chunks = []);
      stream.on("data", (chunk: Buffer) => {
        if (!tooLarge) kept.push(chunk);
      });
      stream.on("limit", () => {
        tooLarge = true;
        kept.length = 0;
      });
    });
    return {
      refusal: () => {
        if (tooLarge) return new HttpError(413, `This file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB: export a smaller photo and try again.`);
        if (!chunks) return new HttpError(400, `Send the photo in the multipart field "${field}".`);
        return null;
      },
      finish: (err) => {
        if (err) throw err;
        return Buffer.concat(chunks!);
      },
    };
  });
}
