import type { Store } from "express-rate-limit";
import { openLeadStore, type LeadStore } from "./lead-store";
import { openPgLeadStore } from "./pg/lead-store";
import { openDatabase, type Database } from "./pg/database";
import { PgRateLimitStore } from "./pg/rate-limit-store";
import { openPgStaffStores } from "./pg/staff-stores";
import { openPgVehicleStore } from "./pg/vehicle-store";
import { openStaffStores, type StaffStores } from "./staff-stores";
import { openVehicleStore, type VehicleStore } from "./vehicle-store";

/** Every store the server uses, in one engine. */
export interface Stores {
  engine: "lowdb" | "postgres";
  vehicles: VehicleStore;
  leads: LeadStore;
  staff: StaffStores;
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
  /** The clock of sessions and lockouts (tests move it). */
  now?: () => number;
}

/** The stores: in PostgreSQL when databaseUrl is set (migrated first), else in lowdb files under dataDir, as always. */
export async function openStores({ dataDir, databaseUrl, leadOrigins, now = Date.now }: StoreOptions): Promise<Stores> {
  if (!databaseUrl) {
    return {
      engine: "lowdb",
      vehicles: await openVehicleStore(dataDir),
      leads: await openLeadStore(dataDir),
      staff: await openStaffStores(dataDir, leadOrigins, now),
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
      rateLimitStore: (name) => new PgRateLimitStore(db, name, now),
      db,
      close: () => db.close(),
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}
