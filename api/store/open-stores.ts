import type { Store } from "express-rate-limit";
import { openLeadStore, type LeadStore } from "./lead-store";
import { openPgLeadStore } from "./pg/lead-store";
import { openPgRentalStore } from "./pg/rental-store";
import { openRentalStore, type RentalStore } from "./rental-store";
import { openDatabase, type Database } from "./pg/database";
import { PgRateLimitStore } from "./pg/rate-limit-store";
import { openPgSiteStore } from "./pg/site-store";
import { openPgStaffStores } from "./pg/staff-stores";
import { openPgVehicleStore } from "./pg/vehicle-store";
import { openSiteStore, type SiteStore } from "./site-store";
import { openStaffStores, type StaffStores } from "./staff-stores";
import { privateDataDir } from "./file-modes";
import { openVehicleStore, type VehicleStore } from "./vehicle-store";
import { openInventorySourceStore, openPgInventorySourceStore, type InventorySourceStore } from "./inventory-source-store";

/** Every store the server uses, in one engine. */
export interface Stores {
  engine: "lowdb" | "postgres";
  vehicles: VehicleStore;
  leads: LeadStore;
  staff: StaffStores;
  /** The sites this deployment serves (seeded with the first on first start). */
  sites: SiteStore;
  /** Rental reservations, each site's fleet and turnaround, the mails owed to renters. */
  rentals: RentalStore;
  /** Inventory sources and their runs. */
  inventorySources: InventorySourceStore;
  /** A rate limit's shared counters (PostgreSQL), or undefined for express-rate-limit's own memory (lowdb: one server). */
  rateLimitStore(name: string): Store | undefined;
  /** The database, with PostgreSQL. */
  db: Database | null;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  databaseUrl: string | null;
  leadOrigins: readonly string[];
  /** PUBLIC_ORIGIN: its host is among the first site's domains when the sites are seeded. */
  publicOrigin?: string;
  /** The clock of sessions and lockouts (tests move it). */
  now?: () => number;
}

/** The stores: in PostgreSQL when databaseUrl is set (migrated first), else in lowdb files under dataDir, as always. */
export async function openStores({ dataDir, databaseUrl, leadOrigins, publicOrigin, now = Date.now }: StoreOptions): Promise<Stores> {
  if (!databaseUrl) {
    await privateDataDir(dataDir);
    return {
      engine: "lowdb",
      vehicles: await openVehicleStore(dataDir),
      leads: await openLeadStore(dataDir),
      staff: await openStaffStores(dataDir, leadOrigins, now),
      sites: await openSiteStore(dataDir, { publicOrigin }),
      rentals: await openRentalStore(dataDir, now),
      inventorySources: await openInventorySourceStore(dataDir),
      rateLimitStore: () => undefined,
      db: null,
      close: async () => {},
    };
  }
  const db = await openDatabase(databaseUrl);
  try {
    return {
      engine: "postgres",
      vehicles: await openPgVehicleStore(db),
      leads: await openPgLeadStore(db),
      staff: await openPgStaffStores(db, leadOrigins, now),
      sites: await openPgSiteStore(db, { publicOrigin }),
      rentals: openPgRentalStore(db, now),
      inventorySources: openPgInventorySourceStore(db),
      rateLimitStore: (name) => new PgRateLimitStore(db, name, now),
      db,
      close: () => db.close(),
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}
