import { describe, expect, it } from "vitest";
import { sendFailedText, type FailedSend } from "./send-failed";

describe("sendFailedText", () => {
  it.each<[string, FailedSend, string]>([
    ["no answer", {}, "Your rental request was not sent: we could not be reached. What you typed is still here: please try again, or call us."],
    [
      "a refused origin",
      { status: 403, code: "origin-not-allowed", error: "Origin http://127.0.0.1:4305 may not post leads" },
      "This page cannot send your rental request to us. What you typed is still here: please call us instead.",
    ],
    [
      "429",
      { status: 429, error: "Too many messages from this address. Please wait a minute, or call us." },
      "Your rental request was not sent: many were sent from your connection just now. What you typed is still here: please wait a minute and try again, or call us.",
    ],
    [
      "500",
      { status: 500, error: "Internal server error" },
      "Your rental request was not sent: something went wrong on our side. What you typed is still here: please try again in a moment, or call us.",
    ],
    [
      "503 draining",
      { status: 503, error: "The server is restarting: try again in a few seconds" },
      "Your rental request was not sent: something went wrong on our side. What you typed is still here: please try again in a moment, or call us.",
    ],
    [
      "413",
      { status: 413, error: "Request body is too large (limit 16384 bytes)" },
      "Your rental request was not sent: it is too large. Please make it shorter or send fewer photos, or call us.",
    ],
    ["400, the visitor's to correct", { status: 400, error: "Please correct the highlighted fields." }, "Please correct the highlighted fields."],
    ["409, taken meanwhile", { status: 409, error: "No 6-seater is free for those dates." }, "No 6-seater is free for those dates."],
    [
      "400 without words",
      { status: 400, error: "" },
      "Your rental request was not sent: something went wrong on our side. What you typed is still here: please try again in a moment, or call us.",
    ],
  ])("%s", (_case, failure, text) => {
    expect(sendFailedText("rental request", failure)).toBe(text);
  });
});
