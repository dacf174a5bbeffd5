import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config";
import { createAppServer, limitedServer } from "./app";
import { CorruptDataFileError } from "./store/json-file";
import { openStores } from "./store/open-stores";
import { redactUrl } from "./store/pg/database";
import { PhotoStore } from "./store/photo-store";
import { createSiteRouter, siteErrorHandler } from "../host-site/server/site-router";
import { createDemoApp } from "../demo/server";
import { DEFAULT_BACKOFF, LeadOutbox } from "./mail/lead-outbox";
import { smtpSender } from "./mail/smtp-sender";
import { widgetReleases } from "./widget-releases";

/** The repository root: this file runs from dist/server/ once built. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function main(): Promise<void> {
  const config = loadConfig();
  // Production unless told otherwise (config's default), also for Express and every library that reads NODE_ENV.
  process.env.NODE_ENV = config.env;
  const stores = await openStores(config);
  const { vehicles, leads, staff } = stores;
  // Photo files live in PHOTOS_DIR (DATA_DIR/photos by default): with several instances, a folder they all share.
  const photos = new PhotoStore(config.photosDir);
  // One server alone (lowdb) may sweep at start-up; with PostgreSQL another instance may be mid-upload into the shared folder.
  const swept = stores.engine === "lowdb" ? await photos.sweep(vehicles.all().flatMap((v) => v.images)) : { removed: [] };
  if (swept.removed.length) console.log(`[photos] removed ${swept.removed.length} file(s) of interrupted uploads or of photos no vehicle shows`);
  const outbox = config.mail ? new LeadOutbox(leads, smtpSender(config.mail), { ...DEFAULT_BACKOFF, baseMs: config.mail.retryBaseMs }) : null;
  if (outbox) {
    const pending = outbox.start();
    console.log(`[mail] lead mail is on: to ${config.mail!.to} from ${config.mail!.from}; ${pending} pending lead(s) queued`);
  } else {
    console.log("[mail] lead mail is OFF (set SMTP_URL, LEAD_TO and LEAD_FROM): leads are stored and marked not-sent; export them with `npm run leads`");
  }

  const site = createAppServer({
    config,
    limits: config.limits,
    widgetSourceMaps: config.widgetSourceMaps,
    vehicles,
    photos,
    leads,
    outbox,
    staff,
    rateLimitStore: stores.rateLimitStore,
    widgetsDir: path.join(ROOT, "dist/widgets"),
    widgetReleases: await widgetReleases(path.join(ROOT, "dist/widgets"), config.dataDir),
    site: createSiteRouter({ distDir: path.join(ROOT, "dist/site"), publicDir: path.join(ROOT, "host-site/public"), vehicles }),
    siteErrors: siteErrorHandler({ distDir: path.join(ROOT, "dist/site") }),
  });
  const demoApp = createDemoApp({ pagesDir: path.join(ROOT, "demo/pages"), dealerOrigin: config.publicOrigin, demoOrigin: config.demoOrigin });

  const demo = limitedServer(config.limits, demoApp);

  const servers: Server[] = [];
  const listen = (name: string, handler: Server, port: number) =>
    new Promise<void>((resolve, reject) => {
      const server = handler.listen(port, config.host, () => {
        console.log(`[server] ${name} listening on http://localhost:${port}`);
        resolve();
      });
      server.once("error", reject);
      servers.push(server);
    });
  await listen("site, API and widgets", site, config.port);
  await listen("partner demo pages", demo, config.demoPort);
  const where = config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : config.dataDir;
  console.log(`[server] data in ${where}; leads accepted from ${config.leadOrigins.join(", ")}`);

  const stop = (signal: string) => {
    console.log(`[server] ${signal}: closing`);
    for (const s of servers) s.close();
    void outbox?.stop().then(() => stores.close());
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof CorruptDataFileError) {
    console.error(`[server] ${err.message}`);
  } else {
    console.error("[server] failed to start:", err);
  }
  process.exit(1);
});
