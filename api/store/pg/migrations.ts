import { FIRST_SITE_ID } from "../../../domain/site-seed";

/** Rows each lead total is split over (migration 7): concurrent posts rarely wait on one another's counter. */
export const COUNTER_SLOTS = 8;

/**
 * The schema, as numbered migrations applied in order at start-up (database.ts),
 * each once and in a transaction under an advisory lock. Never edit one that
 * has shipped: add the next number.
 *
 * Documents the domain validates (a vehicle, a lead, an audit entry, a
 * follow-up event) are kept as `json`, which keeps their text as written, so
 * every instance serialises a vehicle to the same bytes and the same ETag.
 * A trigger on each table announces every committed change on the channel
 * `gc_changes` (LISTEN/NOTIFY), whoever made it: another instance, a CLI, or
 * `npm run migrate-to-postgres`.
 */

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const CHANGES_CHANNEL = "gc_changes";

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "stores",
    sql: `
CREATE TABLE catalogue (
  id int PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL,
  vehicles json NOT NULL
);
CREATE TABLE leads (
  seq bigserial UNIQUE,
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL,
  lead json NOT NULL,
  delivery json NOT NULL,
  delivery_status text NOT NULL
);
CREATE INDEX leads_pending ON leads (seq) WHERE delivery_status = 'pending';
CREATE TABLE lead_follow_ups (
  seq bigserial PRIMARY KEY,
  lead_id text NOT NULL,
  event json NOT NULL
);
CREATE INDEX lead_follow_ups_lead ON lead_follow_ups (lead_id, seq);
CREATE TABLE staff_accounts (
  seq bigserial UNIQUE,
  email text PRIMARY KEY,
  role text NOT NULL,
  created_at text NOT NULL,
  password_hash text NOT NULL,
  password_changed_at text NOT NULL,
  failures int NOT NULL DEFAULT 0,
  locked_until text
);
CREATE TABLE staff_sessions (
  hash text PRIMARY KEY,
  email text NOT NULL,
  created_at bigint NOT NULL,
  last_seen_at bigint NOT NULL
);
CREATE INDEX staff_sessions_email ON staff_sessions (email);
CREATE TABLE staff_audit (
  seq bigserial PRIMARY KEY,
  entry json NOT NULL
);
CREATE TABLE partner_origins (
  id int PRIMARY KEY CHECK (id = 1),
  added json NOT NULL
);
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits int NOT NULL,
  reset_at bigint NOT NULL
);

CREATE FUNCTION gc_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_key text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_key := to_jsonb(OLD) ->> TG_ARGV[0];
  ELSE
    row_key := to_jsonb(NEW) ->> TG_ARGV[0];
  END IF;
  PERFORM pg_notify('${CHANGES_CHANNEL}', json_build_object('table', TG_TABLE_NAME, 'key', row_key)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON catalogue FOR EACH ROW EXECUTE FUNCTION gc_notify_change('version');
CREATE TRIGGER leads_changed AFTER INSERT OR UPDATE ON leads FOR EACH ROW EXECUTE FUNCTION gc_notify_change('id');
CREATE TRIGGER lead_follow_ups_changed AFTER INSERT ON lead_follow_ups FOR EACH ROW EXECUTE FUNCTION gc_notify_change('lead_id');
CREATE TRIGGER staff_audit_changed AFTER INSERT ON staff_audit FOR EACH ROW EXECUTE FUNCTION gc_notify_change('seq');
CREATE TRIGGER partner_origins_changed AFTER INSERT OR UPDATE ON partner_origins FOR EACH ROW EXECUTE FUNCTION gc_notify_change('id');
`,
  },
  {
    version: 2,
    name: "sign-in throttle and forced password change",
    sql: `
CREATE TABLE staff_sign_in_failures (
  email text NOT NULL,
  address text NOT NULL,
  failures int NOT NULL,
  last_at bigint NOT NULL,
  PRIMARY KEY (email, address)
);
CREATE INDEX staff_sign_in_failures_last_at ON staff_sign_in_failures (last_at);
ALTER TABLE staff_accounts ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
`,
  },
  {
    version: 3,
    name: "sites",
    // One row per site, in the order they were added; a domain's uniqueness across sites is checked under the table's lock (site-store.ts).
    sql: `
CREATE TABLE sites (
  seq bigserial UNIQUE,
  id text PRIMARY KEY,
  site json NOT NULL
);
CREATE TRIGGER sites_changed AFTER INSERT OR UPDATE OR DELETE ON sites FOR EACH ROW EXECUTE FUNCTION gc_notify_change('id');
`,
  },
  {
    version: 4,
    name: "partner origins per site",
    // The one list of before sites becomes the first site's row; dropping the id drops its key and its check.
    sql: `
ALTER TABLE partner_origins ADD COLUMN site text;
UPDATE partner_origins SET site = '${FIRST_SITE_ID}';
ALTER TABLE partner_origins DROP COLUMN id;
ALTER TABLE partner_origins ALTER COLUMN site SET NOT NULL;
ALTER TABLE partner_origins ADD PRIMARY KEY (site);
DROP TRIGGER partner_origins_changed ON partner_origins;
CREATE TRIGGER partner_origins_changed AFTER INSERT OR UPDATE OR DELETE ON partner_origins FOR EACH ROW EXECUTE FUNCTION gc_notify_change('site');
`,
  },
  {
    version: 5,
    name: "staff accounts scoped to sites",
    // null: every site (accounts made before sites existed stay organisation-wide).
    sql: `ALTER TABLE staff_accounts ADD COLUMN sites jsonb;`,
  },
  {
    version: 6,
    name: "lead query columns",
    // The inbox's filters, search and counts as indexed columns: no lead is read into memory.
    // The JSON stays the lead as stored; the columns beside it are derived from it and filled by the
    // lead store (pg/lead-store.ts) for rows stored before this migration, at its next start.
    // `status` follows the lead's follow-up events (a trigger), so a status filter is a column too.
    // Search: a trigram index (pg_trgm, in Debian's postgresql package) makes LIKE '%word%' an index scan.
    sql: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE leads
  ADD COLUMN site text,
  ADD COLUMN source text,
  ADD COLUMN origin text,
  ADD COLUMN interest text,
  ADD COLUMN search text,
  ADD COLUMN phone_digits text,
  ADD COLUMN status text NOT NULL DEFAULT 'new';
UPDATE leads SET status = f.status
  FROM (SELECT DISTINCT ON (lead_id) lead_id, event ->> 'status' AS status FROM lead_follow_ups WHERE event ->> 'status' IS NOT NULL ORDER BY lead_id, seq DESC) f
  WHERE leads.id = f.lead_id;
CREATE INDEX leads_unindexed ON leads (seq) WHERE search IS NULL;
CREATE INDEX leads_site ON leads (site, seq);
CREATE INDEX leads_created_at ON leads (created_at);
CREATE INDEX leads_status ON leads (status, seq);
CREATE INDEX leads_search ON leads USING gin (search gin_trgm_ops);
CREATE INDEX leads_phone_digits ON leads USING gin (phone_digits gin_trgm_ops);
CREATE FUNCTION gc_lead_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.event ->> 'status' IS NOT NULL THEN
    UPDATE leads SET status = NEW.event ->> 'status' WHERE id = NEW.lead_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER lead_follow_ups_status AFTER INSERT ON lead_follow_ups FOR EACH ROW EXECUTE FUNCTION gc_lead_status();
`,
  },
  {
    version: 7,
    name: "lead counters",
    // Running totals of leads per (site, status, interest, source, origin), kept by triggers, so the inbox's
    // counts with no search or period read a few hundred rows rather than every lead.
    // Each total is split over COUNTER_SLOTS rows chosen by the writing connection, so concurrent lead posts
    // do not queue on one row's lock until they commit; a slot's n may go below 0 when a lead moves away
    // from a group another connection counted: only the sum over slots means anything.
    // Inserts and deletes are counted per statement (COPY and multi-row inserts in one pass); a change of a
    // counted column (a status event, or the start-up backfill of older rows' columns) per row; a TRUNCATE (a restore) empties them.
    sql: `
CREATE TABLE lead_counters (
  site text,
  status text NOT NULL,
  interest text,
  source text,
  origin text,
  slot int NOT NULL,
  n bigint NOT NULL
);
CREATE UNIQUE INDEX lead_counters_key ON lead_counters (site, status, interest, source, origin, slot) NULLS NOT DISTINCT;
INSERT INTO lead_counters SELECT site, status, interest, source, origin, 0, count(*) FROM leads GROUP BY site, status, interest, source, origin;
CREATE FUNCTION gc_count_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: +1 for rows inserted, -1 for rows deleted; each trigger names its transition table "changed".
  INSERT INTO lead_counters AS c
    SELECT site, status, interest, source, origin, pg_backend_pid() % ${COUNTER_SLOTS}, TG_ARGV[0]::int * count(*) FROM changed
    GROUP BY site, status, interest, source, origin
  ON CONFLICT (site, status, interest, source, origin, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
CREATE FUNCTION gc_recount_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_counters AS c VALUES
    (OLD.site, OLD.status, OLD.interest, OLD.source, OLD.origin, pg_backend_pid() % ${COUNTER_SLOTS}, -1),
    (NEW.site, NEW.status, NEW.interest, NEW.source, NEW.origin, pg_backend_pid() % ${COUNTER_SLOTS}, 1)
  ON CONFLICT (site, status, interest, source, origin, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_counted_in AFTER INSERT ON leads REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION gc_count_leads('1');
CREATE TRIGGER leads_counted_out AFTER DELETE ON leads REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION gc_count_leads('-1');
CREATE TRIGGER leads_recounted AFTER UPDATE OF site, status, interest, source, origin ON leads FOR EACH ROW
  WHEN ((OLD.site, OLD.status, OLD.interest, OLD.source, OLD.origin) IS DISTINCT FROM (NEW.site, NEW.status, NEW.interest, NEW.source, NEW.origin))
  EXECUTE FUNCTION gc_recount_lead();
CREATE FUNCTION gc_forget_lead_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_counters;
  RETURN NULL;
END $$;
CREATE TRIGGER leads_truncated AFTER TRUNCATE ON leads FOR EACH STATEMENT EXECUTE FUNCTION gc_forget_lead_counts();
`,
  },
  {
    version: 8,
    name: "a row per vehicle",
    // The catalogue was one row holding every vehicle, which each save rewrote whole: now a row per vehicle
    // (pg/vehicle-store.ts). `catalogue` keeps the version every write bumps (its trigger still announces it), and
    // `rewritten`, the version at which the catalogue was last loaded whole (a restore): an instance that shows an
    // older version reads every row, since a restore leaves no trace of what it removed. A vehicle's row records the
    // version it last changed at, so an instance reads only the rows changed since the version it shows; a removed
    // vehicle's row stays, without its JSON, for as long as that takes to hear. `seq` is the catalogue's order.
    // Each vehicle keeps its text (json_array_elements of a json value keeps it), so its ETag.
    sql: `
CREATE TABLE vehicles (
  seq bigserial UNIQUE,
  id text PRIMARY KEY,
  version bigint NOT NULL,
  vehicle json,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vehicles_version ON vehicles (version);
INSERT INTO vehicles (id, version, vehicle)
  SELECT x.value ->> 'id', c.version, x.value FROM catalogue c, json_array_elements(c.vehicles) WITH ORDINALITY AS x(value, n) ORDER BY x.n;
ALTER TABLE catalogue ADD COLUMN rewritten bigint NOT NULL DEFAULT 0;
UPDATE catalogue SET rewritten = version;
ALTER TABLE catalogue DROP COLUMN vehicles;
`,
  },
  {
    version: 9,
    name: "lead search statistics",
    // How often each trigram occurs in the searched columns, kept by ANALYZE (and so by autovacuum) as the
    // most common elements of show_trgm(): the lead store asks the trigram indexes only for a word's rare
    // trigrams, and walks the newest leads for a word most of them hold (pg/lead-search.ts,
    // decision 0038). ANALYZE now, so a database upgraded with its leads searches that way from its next start.
    sql: `
CREATE STATISTICS leads_search_trigrams ON (show_trgm(search)) FROM leads;
CREATE STATISTICS leads_phone_trigrams ON (show_trgm(phone_digits)) FROM leads;
ANALYZE leads;
`,
  },
  {
    version: 10,
    name: "lead assignment, due dates and claims",
    // The inbox's sales side (decision 0043). A lead's assignee and due time follow its follow-up events, as its status does (the trigger
    // gc_lead_status), so "mine", "unassigned" and "overdue" are indexed columns: no follow-up is folded to filter.
    // The running totals (migration 7) gain the assignee, so the counts of mine and unassigned come from them too:
    // every row counted so far has none, and the columns are filled from the events (if any) once the triggers count them.
    // The overdue ones are a range of the partial index on due_at, which holds only the leads given a date.
    // A follow-up event may claim a key no other event holds (a reply's attempt, a change against a version):
    // the unique index refuses the second, so two instances never send one reply twice.
    sql: `
ALTER TABLE leads ADD COLUMN assignee text, ADD COLUMN due_at timestamptz;
CREATE INDEX leads_assignee ON leads (assignee, seq);
CREATE INDEX leads_due ON leads (due_at, seq) WHERE due_at IS NOT NULL;
CREATE UNIQUE INDEX lead_follow_ups_claim ON lead_follow_ups ((event ->> 'claim')) WHERE event ->> 'claim' IS NOT NULL;
CREATE TABLE lead_assignment_turns (
  site text PRIMARY KEY,
  n bigint NOT NULL
);
CREATE OR REPLACE FUNCTION gc_lead_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.event ->> 'status' IS NOT NULL THEN
    UPDATE leads SET status = NEW.event ->> 'status' WHERE id = NEW.lead_id;
  END IF;
  IF (NEW.event::jsonb) ? 'assignee' THEN
    UPDATE leads SET assignee = NEW.event ->> 'assignee' WHERE id = NEW.lead_id;
  END IF;
  IF (NEW.event::jsonb) ? 'due' THEN
    UPDATE leads SET due_at = (NEW.event ->> 'due')::timestamptz WHERE id = NEW.lead_id;
  END IF;
  RETURN NULL;
END $$;
ALTER TABLE lead_counters ADD COLUMN assignee text;
DROP INDEX lead_counters_key;
CREATE UNIQUE INDEX lead_counters_key ON lead_counters (site, status, interest, source, origin, assignee, slot) NULLS NOT DISTINCT;
CREATE OR REPLACE FUNCTION gc_count_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_counters AS c (site, status, interest, source, origin, assignee, slot, n)
    SELECT site, status, interest, source, origin, assignee, pg_backend_pid() % ${COUNTER_SLOTS}, TG_ARGV[0]::int * count(*) FROM changed
    GROUP BY site, status, interest, source, origin, assignee
  ON CONFLICT (site, status, interest, source, origin, assignee, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION gc_recount_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_counters AS c (site, status, interest, source, origin, assignee, slot, n) VALUES
    (OLD.site, OLD.status, OLD.interest, OLD.source, OLD.origin, OLD.assignee, pg_backend_pid() % ${COUNTER_SLOTS}, -1),
    (NEW.site, NEW.status, NEW.interest, NEW.source, NEW.origin, NEW.assignee, pg_backend_pid() % ${COUNTER_SLOTS}, 1)
  ON CONFLICT (site, status, interest, source, origin, assignee, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
DROP TRIGGER leads_recounted ON leads;
CREATE TRIGGER leads_recounted AFTER UPDATE OF site, status, interest, source, origin, assignee ON leads FOR EACH ROW
  WHEN ((OLD.site, OLD.status, OLD.interest, OLD.source, OLD.origin, OLD.assignee) IS DISTINCT FROM (NEW.site, NEW.status, NEW.interest, NEW.source, NEW.origin, NEW.assignee))
  EXECUTE FUNCTION gc_recount_lead();
UPDATE leads SET assignee = f.assignee
  FROM (SELECT DISTINCT ON (lead_id) lead_id, event ->> 'assignee' AS assignee FROM lead_follow_ups
        WHERE (event::jsonb) ? 'assignee' ORDER BY lead_id, seq DESC) f
  WHERE leads.id = f.lead_id;
UPDATE leads SET due_at = f.due
  FROM (SELECT DISTINCT ON (lead_id) lead_id, (event ->> 'due')::timestamptz AS due FROM lead_follow_ups
        WHERE (event::jsonb) ? 'due' ORDER BY lead_id, seq DESC) f
  WHERE leads.id = f.lead_id;
`,
  },
  {
    version: 11,
    name: "one test drive per cart and slot",
    // A test drive books a cart for a slot: this index refuses a second booking of the same (site, cart,
    // slot), atomically whichever server inserts it (the store answers SlotTakenError), and serves the slots query.
    sql: `
CREATE UNIQUE INDEX leads_test_drive_slot ON leads (site, (lead ->> 'vehicleId'), (lead ->> 'slot')) WHERE (lead ->> 'kind') = 'test-drive';
`,
  },
  {
    version: 12,
    name: "rental reservations",
    // Rentals booked online (pg/rental-store.ts). A reservation's document is kept as json, with the
    // columns the calendar and the overlap check read beside it; taking a cart is serialised per (site, plan) by
    // an advisory lock, so two servers never promise the last cart twice. Mails owed to renters are rows of their
    // own, claimed by one server at a time (FOR UPDATE SKIP LOCKED). The link key signs the cancellation links,
    // one for every server, made once.
    sql: `
CREATE TABLE rental_settings (
  site text PRIMARY KEY,
  settings json NOT NULL,
  version int NOT NULL
);
CREATE TABLE rental_reservations (
  seq bigserial UNIQUE,
  id text PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  site text NOT NULL,
  plan text NOT NULL,
  status text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  version int NOT NULL,
  reservation json NOT NULL
);
CREATE INDEX rental_reservations_calendar ON rental_reservations (site, plan, starts_at);
CREATE TABLE rental_mails (
  seq bigserial UNIQUE,
  id text PRIMARY KEY,
  reservation_id text NOT NULL REFERENCES rental_reservations (id),
  status text NOT NULL,
  mail json NOT NULL
);
CREATE INDEX rental_mails_pending ON rental_mails (seq) WHERE status = 'pending';
CREATE TABLE rental_link_key (
  id int PRIMARY KEY CHECK (id = 1),
  key bytea NOT NULL
);
`,
  },
  {
    version: 13,
    name: "inventory sources",
    // Inventory sources and their runs (inventory-source-store.ts), each a json document as the domain
    // validates it. A source runs on one server at a time under an advisory lock, not a row lock: a run takes minutes.
    sql: `
CREATE TABLE inventory_sources (
  seq bigserial UNIQUE,
  id text PRIMARY KEY,
  source json NOT NULL
);
CREATE TABLE inventory_runs (
  seq bigserial UNIQUE,
  id text PRIMARY KEY,
  source_id text NOT NULL,
  run jsonb NOT NULL
);
CREATE INDEX inventory_runs_source ON inventory_runs (source_id, seq);
`,
  },
];
