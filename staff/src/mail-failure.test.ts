import { mailFailureText } from "./mail-failure";

describe("a failed lead mail, in words for sales", () => {
  it.each([
    ["connect ECONNREFUSED 127.0.0.1:2525", "the mail server could not be reached"],
    ["getaddrinfo ENOTFOUND smtp.example.com", "the mail server could not be reached"],
    ["Connection timeout", "the mail server could not be reached"],
    ["550 5.1.1 <sales@dealer.example>: Recipient address rejected", "the mail server refused it"],
    ["Message failed: 554 5.7.1 Relay access denied", "the mail server refused it"],
    ["421 4.7.0 Try again later", "the mail server asked to try again later"],
    ["Invalid login: bad credentials", "the mail server did not accept the server's sign-in"],
    ["down", "the mail server answered with an error"],
  ])("%j → %j", (raw, words) => {
    expect(mailFailureText(raw)).toBe(words);
    expect(mailFailureText(raw)).not.toContain(raw);
  });
});
