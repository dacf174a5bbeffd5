import { describe, expect, it } from "vitest";
import { NewPasswordSchema, NewStaffAccountSchema } from "./staff";
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, passwordProblem } from "./staff-password";

describe("a staff password (OWASP: length, no composition rules, no common, repeated or sequential ones, not the e-mail)", () => {
  it.each([
    ["twelve spaces", " ".repeat(12), PASSWORD_MESSAGES.repeated],
    ["one letter twelve times", "aaaaaaaaaaaa", PASSWORD_MESSAGES.repeated],
    ["a short pattern repeated", "abcabcabcabc", PASSWORD_MESSAGES.repeated],
    ["two characters in turn", "ababababab12", PASSWORD_MESSAGES.repeated],
    ["the digits in a row", "123456789012", PASSWORD_MESSAGES.sequence],
    ["letters and digits in a row", "abcdef123456", PASSWORD_MESSAGES.sequence],
    ["the alphabet backwards", "zyxwvutsrqpo", PASSWORD_MESSAGES.sequence],
    ["a keyboard row", "qwertyuiop12", PASSWORD_MESSAGES.sequence],
    ["a common word with digits", "password1234", PASSWORD_MESSAGES.common],
    ["a common word in look-alikes", "P@ssw0rd2026!", PASSWORD_MESSAGES.common],
    ["common words together", "WelcomeAdmin1", PASSWORD_MESSAGES.common],
    ["the shop's words", "golfcart2026!", PASSWORD_MESSAGES.common],
    ["eleven characters", "a good phra", PASSWORD_MESSAGES.short],
    ["too long", "x y ".repeat(PASSWORD_MAX_LENGTH), PASSWORD_MESSAGES.long],
  ])("refuses %s, in words", (_, password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it("refuses a long one made of varied text beyond the maximum, and accepts one at 64 characters and more", () => {
    const phrase = "correct horse battery staple on the beach at dawn ";
    expect(passwordProblem(phrase.repeat(25))).toBe(PASSWORD_MESSAGES.long);
    expect(passwordProblem(phrase.repeat(2).slice(0, 64))).toBeNull();
    expect(passwordProblem(phrase.repeat(20))).toBeNull();
  });

  it("accepts a passphrase of plain words with no digits, capitals or symbols, and one of any script", () => {
    for (const ok of ["sales password 1", "the owner's password", "lighthouse pelican dune", "маяк пеликан дюна", "Rehoboth 1987 sunrise"])
      expect(passwordProblem(ok)).toBeNull();
  });

  it("refuses one that contains the account's e-mail or its name, in the form and in the CLI's schema", () => {
    expect(passwordProblem("dana.beach@example.com!", "dana.beach@example.com")).toBe(PASSWORD_MESSAGES.email);
    expect(passwordProblem("my name is danabeach", "dana.beach@example.com")).toBe(PASSWORD_MESSAGES.email);
    expect(passwordProblem("my name is danabeach", "owner@example.com")).toBeNull();
    const added = NewStaffAccountSchema.safeParse({ email: "Dana.Beach@Example.com", role: "sales", password: "Dana.Beach 2026 sunrise" });
    expect(added.success ? null : added.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([["password", PASSWORD_MESSAGES.email]]);
    const changed = NewPasswordSchema.safeParse({ password: "aaaaaaaaaaaa" });
    expect(changed.success ? null : changed.error.issues[0]?.message).toBe(PASSWORD_MESSAGES.repeated);
  });
});
