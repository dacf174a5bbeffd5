/**
 * npm run staff -- add EMAIL --role owner|sales [--site ID]... | list | remove EMAIL | password EMAIL
 *
 * Manages staff accounts in DATA_DIR (like the server), whether or not the
 * server runs: changes go through the same lock file and store the server uses,
 * and the server sees them at its next sign-in. A password is read from
 * standard input (its first line) when that is not a terminal, and prompted for
 * without echo otherwise. `list` prints to stdout; every other message goes to
 * stderr.
 */
import { parseArgs } from "node:util";
import { NewStaffAccountSchema, PASSWORD_MIN_LENGTH, passwordProblem, StaffEmailSchema, StaffRoleSchema, STAFF_ROLES } from "../../domain/staff";
import { AccountError, type AccountStore } from "../store/account-store";
import { cliAccounts } from "./cli-stores";

const USAGE = `Usage:
  npm run staff -- add EMAIL --role ${STAFF_ROLES.join("|")} [--site ID]...
                                               (password from stdin, or prompted for; each --site scopes
                                                the account to that site, none: every site)
  npm run staff -- list
  npm run staff -- remove EMAIL
  npm run staff -- password EMAIL                (new password from stdin, or prompted for)`;

class UsageError extends Error {}

const say = (message: string) => process.stderr.write(`[staff] ${message}\n`);

/** Refuses a password the domain's rule refuses for the account `email`, in its words. */
function checkPassword(password: string, email: string): string {
  const problem = passwordProblem(password, email);
  if (problem) throw new Error(`${problem}. Nothing was changed.`);
  return password;
}

/** One line from a pipe, or typed at a terminal without echo (asked twice); refused before it is stored when the rule refuses it. */
async function readPassword(prompt: string, email: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = "";
    stdin.setEncoding("utf8");
    for await (const chunk of stdin) {
      text += chunk;
      if (text.includes("\n")) break;
    }
    stdin.destroy();
    return checkPassword(text.split(/\r?\n/)[0] ?? "", email);
  }
  // Raw mode (no echo) from before the first prompt to after the last answer.
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      let typed = "";
      const onData = (s: string) => {
        for (const ch of s) {
          if (ch === "\r" || ch === "\n") {
            stdin.off("data", onData);
            stdin.pause();
            process.stderr.write("\n");
            resolve(typed);
            return;
          }
          if (ch === "\u0003") {
            stdin.setRawMode(false);
            process.stderr.write("\n");
            process.exit(130);
          }
          if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
          else if (ch >= " ") typed += ch;
        }
      };
      stdin.on("data", onData);
      stdin.resume();
      process.stderr.write(question);
    });
  try {
    const first = await ask(prompt);
    checkPassword(first, email);
    const again = await ask("Repeat the password: ");
    if (again !== first) throw new Error("The two passwords differ; nothing was changed.");
    return first;
  } finally {
    stdin.setRawMode(false);
  }
}

/** The first message of a zod failure, or the error's own. */
const messageOf = (err: unknown): string => {
  if (err && typeof err === "object" && "issues" in err && Array.isArray(err.issues) && err.issues[0]) return String(err.issues[0].message);
  return err instanceof Error ? err.message : String(err);
};

const email = (value: string | undefined): string => {
  if (!value) throw new UsageError("Give the account's e-mail address.");
  const parsed = StaffEmailSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`${parsed.error.issues[0]!.message}: "${value}"`);
  return parsed.data;
};

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: "string" }, site: { type: "string", multiple: true }, help: { type: "boolean", short: "h" } },
  });
  const [command, arg, ...extra] = positionals;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (extra.length) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const { accounts, siteIds, close } = await cliAccounts();
  try {
    await run(command, arg, values, accounts, siteIds);
  } finally {
    await close();
  }
}

async function run(
  command: string | undefined,
  arg: string | undefined,
  values: { role?: string; site?: string[] },
  accounts: AccountStore,
  siteIds: () => Promise<string[]>,
): Promise<void> {
  if (values.site && command !== "add") throw new UsageError("--site goes only with add.");
  switch (command) {
    case "add": {
      const address = email(arg);
      const role = StaffRoleSchema.safeParse(values.role);
      if (!role.success)
        throw new UsageError(
          values.role === undefined ? `Give --role ${STAFF_ROLES.join(" or ")}.` : `${role.error.issues[0]!.message} (not "${values.role}").`,
        );
      if (values.site) {
        const known = await siteIds();
        const unknown = values.site.filter((id) => !known.includes(id));
        if (unknown.length > 0)
          throw new UsageError(`No site with id ${unknown.map((id) => `"${id}"`).join(", ")}. The sites are: ${known.join(", ")}. Nothing was added.`);
      }
      if ((await accounts.get(address)) !== undefined) throw new AccountError("exists", `A staff account for ${address} already exists.`);
      const account = NewStaffAccountSchema.parse({
        email: address,
        role: role.data,
        password: await readPassword(`Password for ${address} (at least ${PASSWORD_MIN_LENGTH} characters): `, address),
        ...(values.site && { sites: values.site }),
      });
      await accounts.add(account);
      say(
        `Added ${account.role} account ${account.email}${account.sites ? ` for the sites ${account.sites.join(", ")}` : " for every site"}. Sign in at /staff.`,
      );
      return;
    }
    case "list": {
      if (arg !== undefined) throw new UsageError(`Unexpected argument "${arg}".`);
      const all = await accounts.list();
      if (!all.length) say("No staff accounts yet. Add the first with: npm run staff -- add you@example.com --role owner");
      for (const a of all) process.stdout.write(`${a.email}\t${a.role}\t${a.createdAt}${a.sites ? `\t${a.sites.join(",")}` : ""}\n`);
      return;
    }
    case "remove": {
      const address = email(arg);
      await accounts.remove(address);
      say(`Removed ${address}; its sessions have ended.`);
      return;
    }
    case "password": {
      const address = email(arg);
      if ((await accounts.get(address)) === undefined) throw new AccountError("unknown", `No staff account for ${address}.`);
      const password = await readPassword(`New password for ${address} (at least ${PASSWORD_MIN_LENGTH} characters): `, address);
      await accounts.setPassword(address, password);
      say(`Changed the password of ${address}; its other sessions have ended.`);
      return;
    }
    case undefined:
      throw new UsageError("Give a command.");
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

main().catch((err: unknown) => {
  say(`Error: ${messageOf(err)}`);
  if (err instanceof UsageError || (err instanceof Error && err.name === "TypeError" && "code" in err)) process.stderr.write(`${USAGE}\n`);
  process.exitCode = err instanceof UsageError ? 2 : 1;
});
