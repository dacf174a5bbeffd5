/** A staff session on one of the bench's servers, signed in as the console signs in (JSON, same origin). */
export async function signIn(origin: string, account: { email: string; password: string }, part: string): Promise<string> {
  const res = await fetch(`${origin}/api/staff/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (res.status !== 200) throw new Error(`[bench] ${part}: sign-in answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`[bench] ${part}: sign-in set no cookie`);
  return cookie;
}
