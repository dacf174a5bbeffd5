import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROCESS_ORIGIN as ORIGIN, startSignedInServerProcess, type ServerProcess } from "./testing/server-process";

const PART = (name: string, file?: string) =>
  `--XB\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/jpeg` : ""}\r\n\r\n`;

/** Bodies cut short by a client that went wrong (or meant harm), each without its closing boundary. */
const CUT_BODIES: [what: string, body: string][] = [
  ["inside the photo's bytes", `${PART("photo", "a.jpg")}AAAA`],
  ["inside another field's file", `${PART("other", "b.jpg")}BBBB`],
  ["inside a text field", `${PART("note")}half a no`],
  ["after a whole photo, before the next part", `${PART("photo", "a.jpg")}AAAA\r\n--XB\r\n`],
  ["inside a part's headers", `--XB\r\nContent-Disposition: form-data; name="photo"; filena`],
  ["after the first boundary", "--XB"],
];

let server: ServerProcess;
let url: string;
let cookie: string;
beforeAll(async () => {
  ({ server, url, cookie } = await startSignedInServerProcess());
}, 60_000);
afterAll(() => {
  server.child.kill("SIGKILL");
});

describe("a multipart upload cut short (the real server, as its own process)", () => {
  it.each(CUT_BODIES)("cut %s: 400 with a reason, and the server goes on answering", async (_what, body) => {
    const res = await fetch(`${url}/api/staff/vehicles/denago-ev-city/photos`, {
      method: "POST",
      headers: { origin: ORIGIN, cookie, "content-type": "multipart/form-data; boundary=XB" },
      body,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/multipart|photo/i);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/Unexpected end of form|Error/);
  });
});
