import { ApiError } from "../api/client";
import { describeWait, signInFailure } from "./SignIn";

const failure = (status: number, retryAfter?: string) => new ApiError(status, "server says", {}, new Headers(retryAfter ? { "Retry-After": retryAfter } : {}));

describe("sign-in messages", () => {
  it.each([
    [null, "in a few minutes"],
    [1, "in 1 second"],
    [42, "in 42 seconds"],
    [60, "in 1 minute"],
    [61, "in 2 minutes"],
    [900, "in 15 minutes"],
  ])("a wait of %s s reads %j", (seconds, text) => {
    expect(describeWait(seconds)).toBe(text);
  });

  it.each([
    [failure(401), "Wrong e-mail or password. Check both and try again."],
    [failure(429, "900"), "Too many failed sign-ins. Try again in 15 minutes, or ask an owner to unlock your account."],
    [failure(429), "Too many failed sign-ins. Try again in a few minutes, or ask an owner to unlock your account."],
    [failure(0), "Could not sign in: server says"],
  ])("%#: %s", (err, text) => {
    expect(signInFailure(err)).toBe(text);
  });
});
