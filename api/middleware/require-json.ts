import type { RequestHandler } from "express";
import { HttpError } from "../http-error";

/** 415 unless the request body is declared as JSON. */
export const requireJson: RequestHandler = (req, _res, next) => {
  if (req.is("application/json")) return next();
  next(new HttpError(415, `Unsupported content type ${JSON.stringify(req.get("content-type") ?? "none")}: send application/json`));
};
