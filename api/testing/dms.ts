/**
 * A dealer system on loopback, for the inventory-source tests: it serves its inventory export (a
 * Windows-1252 CSV with semicolons and headers unlike ours, with an ETag of its bytes) and its photos (real JPEGs,
 * each with an ETag; a name it does not have is a 404), and counts what was asked of it. A test changes the units
 * between runs, replaces the export with any body, or holds the export's answer until it lets it go.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface DmsUnit {
  make: string;
  model: string;
  price: string;
  status: string;
  /** Photo names served by this DMS ("front.jpg") or whole addresses, as the export's "Photos" column lists them. */
  photos?: string[];
}

const etagOf = (bytes: Buffer) => `"${createHash("sha1").update(bytes).digest("hex")}"`;

export class Dms {
  readonly units = new Map<string, DmsUnit>();
  /** Photos by name; the requests each has had. */
  readonly photos = new Map<string, Buffer>();
  readonly photoRequests = new Map<string, number>();
  /** Exports served (200 or 304). */
  served = 0;
  /** Instead of the export: this body, with this status and type. */
  body?: { status: number; type: string; text: string | Buffer };
  /** Set to hold each export request until the promise settles. */
  hold?: Promise<void>;
  private arrivals: (() => void)[] = [];
  private server?: Server;

  get origin(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }
  get url(): string {
    return `${this.origin}/export/inventory.csv`;
  }
  photoUrl(name: string): string {
    return `${this.origin}/photos/${name}`;
  }

  /** The export as the DMS writes it. */
  bytes(): Buffer {
    const photos = (u: DmsUnit) => (u.photos ?? []).map((p) => (p.includes("://") ? p : this.photoUrl(p))).join("|");
    const lines = [...this.units].map(([stock, u]) => [stock, u.make, u.model, u.price, u.status, "Georgetown", photos(u)].join(";"));
    return Buffer.from(["Stock #;Make;Model;Internet Price;Status;Lot;Photos", ...lines].join("\r\n") + "\r\n", "latin1");
  }

  /** Resolves when the next export request arrives (before it is answered). */
  nextRequest(): Promise<void> {
    return new Promise((resolve) => this.arrivals.push(resolve));
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const url = req.url ?? "/";
      if (url.startsWith("/photos/")) {
        const name = url.slice("/photos/".length);
        this.photoRequests.set(name, (this.photoRequests.get(name) ?? 0) + 1);
        const photo = this.photos.get(name);
        if (!photo) return void res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
        const etag = etagOf(photo);
        if (req.headers["if-none-match"] === etag) return void res.writeHead(304, { etag }).end();
        return void res.writeHead(200, { "content-type": "image/jpeg", etag }).end(photo);
      }
      void this.answerExport(req).then(({ status, headers, body }) => res.writeHead(status, headers).end(body));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
  }

  private async answerExport(req: IncomingMessage): Promise<{ status: number; headers: Record<string, string>; body?: string | Buffer }> {
    this.served++;
    this.arrivals.splice(0).forEach((arrived) => arrived());
    await this.hold;
    if (this.body) return { status: this.body.status, headers: { "content-type": this.body.type }, body: this.body.text };
    const bytes = this.bytes();
    const etag = etagOf(bytes);
    if (req.headers["if-none-match"] === etag) return { status: 304, headers: { etag } };
    return { status: 200, headers: { "content-type": "text/csv; charset=windows-1252", etag }, body: bytes };
  }

  close(): void {
    this.server?.close();
  }
}
