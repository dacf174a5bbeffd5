/**
 * What makes a staff password acceptable, after OWASP's Authentication Cheat Sheet and ASVS 2.1: long enough (12), a
 * long passphrase allowed (1024: scrypt reads at most that much), no rules of composition, and a refusal of the
 * passwords that are guessed first: common ones, a character or a short pattern repeated, a run along the alphabet,
 * the digits or a keyboard row, and one that holds the account's own e-mail. Used by the API, the console and the CLI.
 */

export const PASSWORD_MIN_LENGTH = 12;
/** scrypt reads at most this much; longer inputs are refused rather than hashed for minutes. */
export const PASSWORD_MAX_LENGTH = 1024;

export const PASSWORD_MESSAGES = {
  short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  long: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  repeated: "Password repeats a character or a short pattern: a phrase of a few unrelated words is long and easy to remember",
  sequence: "Password is a run of the alphabet, the digits or the keyboard (like abcdef, 123456 or qwerty): choose one that is harder to guess",
  common: "Password is one of the most common ones, which are guessed first: a phrase of a few unrelated words is safer",
  email: "Password must not contain the account's e-mail address or its name",
} as const;

/**
 * Words that, alone, with digits or symbols around them, or repeated, make a password among the first guessed (the
 * top of the breached-password lists, with the trade's and the shop's own words).
 */
const COMMON_WORDS = new Set([
  "password",
  "passw",
  "pass",
  "qwerty",
  "qwertz",
  "azerty",
  "letmein",
  "welcome",
  "iloveyou",
  "admin",
  "administrator",
  "monkey",
  "dragon",
  "sunshine",
  "football",
  "baseball",
  "princess",
  "trustno",
  "changeme",
  "master",
  "shadow",
  "secret",
  "superman",
  "batman",
  "starwars",
  "whatever",
  "freedom",
  "login",
  "hello",
  "summer",
  "winter",
  "spring",
  "autumn",
  "golfcart",
  "golfcarts",
  "golf",
  "cart",
  "carts",
  "denago",
  "evolution",
  "sussex",
  "dealer",
  "dealership",
  "default",
  "temp",
  "test",
  "guest",
  "user",
  "abc",
  "asdf",
]);
/** Runs a password may not be made of (forwards or backwards): the alphabet, the digits and the keyboard's rows. */
const RUNS = ["abcdefghijklmnopqrstuvwxyz", "0123456789", "qwertyuiop", "asdfghjkl", "zxcvbnm", "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p"];
const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "@": "a", $: "s", "!": "i" };

/** Whether `text` is one piece (1 to 4 characters) written over and over, e.g. "aaaa…", "abab…", "      …". */
const isRepeat = (text: string) => /^([\s\S]{1,4})\1+[\s\S]{0,3}$/u.test(text) || new Set(text).size <= 3;

/** Two characters one after the other along one of RUNS, either way, wrapping round ("90", "09", "qw", "wq"). */
const STEPS = new Set(
  RUNS.flatMap((run) =>
    [...run].flatMap((ch, i) => {
      const following = run[(i + 1) % run.length]!;
      return [`${ch}${following}`, `${following}${ch}`];
    }),
  ),
);

/**
 * Whether `text` is runs of RUNS (3 characters or more each) one after another, give or take two other characters
 * ("qwertyuiop12", "abcdef123456"). One pass, so a long passphrase costs no more than its length.
 */
function isRuns(text: string): boolean {
  let others = 0;
  for (let i = 0; i < text.length;) {
    let j = i;
    while (j + 1 < text.length && STEPS.has(`${text[j]}${text[j + 1]}`)) j++;
    if (j - i + 1 >= 3) i = j + 1;
    else {
      others++;
      i++;
    }
  }
  return others <= 2;
}

/**
 * The letters of a password as a guesser reads them: lower case, without the digits and symbols before and after
 * them, look-alike digits and symbols between them read as letters ("P@ssw0rd2026!" is "password"), the rest dropped.
 */
const lettersOf = (password: string) =>
  [...password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "")]
    .map((ch) => LEET[ch] ?? ch)
    .filter((ch) => /\p{L}/u.test(ch))
    .join("");

/** Whether the password is common words only (each alone or repeated), with any digits or symbols around them. */
function isCommon(password: string): boolean {
  const letters = lettersOf(password);
  const digitsAndSymbols = password.replace(/\p{L}/gu, "");
  if (letters.length === 0) return isRuns(digitsAndSymbols) || isRepeat(digitsAndSymbols);
  // Split the letters into common words, if they can be: "passwordpassword", "welcomeadmin".
  const fits: boolean[] = [true];
  for (let end = 1; end <= letters.length; end++) {
    fits[end] = false;
    for (let start = Math.max(0, end - 13); start < end && !fits[end]; start++) fits[end] = fits[start]! && COMMON_WORDS.has(letters.slice(start, end));
  }
  return fits[letters.length]!;
}

/**
 * Why this password may not be set, in words, or null when it may. `email`: the account's, whose address and name
 * (the part before @, when it has 3 characters or more) the password must not contain.
 */
export function passwordProblem(password: string, email = ""): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.short;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.long;
  const plain = password.toLowerCase();
  const compact = plain.replace(/\s+/g, "");
  if (isRepeat(plain) || isRepeat(compact)) return PASSWORD_MESSAGES.repeated;
  if (isRuns(compact)) return PASSWORD_MESSAGES.sequence;
  if (isCommon(password)) return PASSWORD_MESSAGES.common;
  const address = email.trim().toLowerCase();
  const name = address.split("@")[0] ?? "";
  if (
    address &&
    (compact.includes(address) || (name.length >= 3 && compact.includes(name.replace(/[._-]/g, ""))) || (name.length >= 3 && compact.includes(name)))
  )
    return PASSWORD_MESSAGES.email;
  return null;
}
