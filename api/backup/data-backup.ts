/**
 * Backups of the data as one .tar.gz (node-tar), taken while the server runs,
 * and their restore. See docs/operations/data-and-backups.md and docs/decisions/0014.
 *
 * The archive is a data folder as the lowdb stores lay it out, photos
 * included, whichever engine it came from: with PostgreSQL, the database is
 * read in one REPEATABLE READ snapshot (store/pg/data-copy.ts), which holds
 * every lead committed, so acknowledged, before it began; its leads are
 * written out a segment at a time, so memory does not grow with them.
 *
 * Why a copy of DATA_DIR's files is consistent without asking the server:
 * - Every JSON file is written whole: temp file, fsync, rename
 *   (store/durable-file.ts). A file opened by name is one version, whole,
 *   whatever is renamed over it meanwhile; it is read through that one handle.
 * - JSON-lines files (the audit) are only appended: a copy ends at its last
 *   complete line.
 * - A lead answered 201 is in a file renamed into place before the answer:
 *   leads.json, or an archive segment under leads-archive/ that was on disk
 *   before leads.json was rewritten without the lead. The copy reads a
 *   folder's files before its subfolders, so leads.json is read before
 *   leads-archive/ is listed: any lead rolled out of the leads.json it read is
 *   in an archive written before, and archives are never removed.
 *   So every lead acknowledged before the backup began is in it.
 * - Files added by other stores (photos, follow-ups…) come along unnamed:
 *   the whole tree is copied, less temp files (`*.tmp`), lock files
 *   (`*.lock`), the health check's probe and this module's own work folders.
 *   A store that adds files keeps the same two rules (write whole files by
 *   rename or append lines; write what an index points to before the index).
 */
import { constants } from "node:fs";
import { cp, mkdtemp, open, readdir, rename, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { create as createTar, extract as extractTar } from "tar";
import { CorruptDataFileError, readJsonFile } from "../store/json-file";
import { readCatalogue } from "../store/catalogue-files";
import { readDataFolderStreamed, writeDataFolder } from "../store/data-folder";
import { syncFolder } from "../store/durable-file";
import { listArchives, streamStoredLeads } from "../store/lead-files";
import { PHOTOS_DIR } from "../store/photo-store";
import { readRentals } from "../store/rental-store";
import { heldTables, loadDatabase, NotEmptyError, withDatabaseSnapshot } from "../store/pg/data-copy";
import { openDatabase, redactUrl } from "../store/pg/database";
import { RELEASES_DIR } from "../widget-releases";
import { mkdirPrivate, PRIVATE_FILE_MODE } from "../store/file-modes";

/** Written at the archive's root, read back (never restored into DATA_DIR) by a restore. */
export const MANIFEST = ".gc-backup.json";
const FORMAT = 1;

const IMAGE = /\.(jpe?g|png|webp|avif|gif)$/i;
const WORK_FOLDER = /^\.gc-(backup|restore)-/;

/** Names a backup leaves out: writes in flight, locks, the health check's probe, backups' and restores' own folders. */
export function skipped(name: string): boolean {
  return name.endsWith(".tmp") || name.endsWith(".lock") || name === ".write-check" || WORK_FOLDER.test(name);
}

export interface DataCounts {
  vehicles: number;
  leads: number;
  /** Full segments under leads-archive/ (their leads are counted in `leads`). */
  leadArchives: number;
  accounts: number;
  /** Rental reservations, whatever their status (rentals.json). */
  reservations: number;
  /** Image files anywhere under the folder (each size and format of a photo is a file). */
  photoFiles: number;
  /** Every file. */
  files: number;
  bytes: number;
}

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** The engine it was taken from (the archive is the same either way); absent in backups made before PostgreSQL. */
  engine?: "lowdb" | "postgres";
  counts: DataCounts;
}

export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

export class NotABackupError extends Error {
  override name = "NotABackupError";
}

/** "12 vehicles, 1,203 leads (1 archive segment included), 2 accounts, 0 photo files, 4 rental reservations; 40 files, 812 kB" */
export function describeCounts(c: DataCounts): string {
  const n = (k: number, one: string, many = `${one}s`) => `${k.toLocaleString("en-US")} ${k === 1 ? one : many}`;
  return (
    `${n(c.vehicles, "vehicle")}, ${n(c.leads, "lead")} (${n(c.leadArchives, "archive segment")} included), ` +
    `${n(c.accounts, "account")}, ${n(c.photoFiles, "photo file")}, ${n(c.reservations, "rental reservation")}; ${n(c.files, "file")}, ${(c.bytes / 1024).toFixed(0)} kB`
  );
}

/** What a data folder holds, checking the files the counts come from as the server would at start-up. */
export async function countData(dir: string): Promise<DataCounts> {
  const vehicles = (await readCatalogue(dir))?.length ?? 0;
  const accountsFile = (await readJsonFile(path.join(dir, "staff-accounts.json"))) as { accounts?: unknown } | undefined;
  if (accountsFile !== undefined && !Array.isArray(accountsFile?.accounts))
    throw new CorruptDataFileError(path.join(dir, "staff-accounts.json"), new Error("no accounts list"));
  const rentals = await readRentals(dir);
  // Counted segment by segment (each checked as the server would read it): a million leads are never in memory at once.
  let leads = 0;
  for await (const segment of streamStoredLeads(dir)) leads += segment.length;
  let photoFiles = 0;
  let files = 0;
  let bytes = 0;
  const walk = async (folder: string) => {
    for (const e of await readdir(folder, { withFileTypes: true })) {
      if (skipped(e.name) || e.name === MANIFEST) continue;
      const full = path.join(folder, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile()) {
        files++;
        bytes += (await stat(full)).size;
        if (IMAGE.test(e.name)) photoFiles++;
      }
    }
  };
  await walk(dir);
  return {
    vehicles,
    leads,
    leadArchives: (await listArchives(dir)).length,
    accounts: (accountsFile?.accounts as unknown[] | undefined)?.length ?? 0,
    reservations: rentals?.reservations.length ?? 0,
    photoFiles,
    files,
    bytes,
  };
}

/** Copy one file as one version of it: everything is read through the handle opened first. */
async function copyFile(from: string, to: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(from, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    // Removed (or renamed away) since the folder was listed: it is not part of the data any more.
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return false;
    if (from.endsWith(".jsonl")) {
      // Appended in place: keep complete lines only (a line being appended was not acknowledged yet).
      const text = await handle.readFile();
      const end = text.lastIndexOf(0x0a) + 1;
      const out = await open(to, "wx", PRIVATE_FILE_MODE);
      try {
        await out.writeFile(text.subarray(0, end));
      } finally {
        await out.close();
      }
    } else {
      const out = await open(to, "wx", PRIVATE_FILE_MODE);
      await pipeline(handle.createReadStream({ autoClose: false, start: 0 }), out.createWriteStream());
    }
    await utimes(to, info.atime, info.mtime);
    return true;
  } finally {
    await handle.close();
  }
}

export interface BackupOptions {
  /** Called after each folder is listed and each file copied, with its path under the folder copied (tests make writes happen there). */
  afterRead?: (rel: string) => Promise<void>;
}

/** Where a server keeps its data, as api/config.ts reads it. */
export interface DataPlace {
  dataDir: string;
  photosDir: string;
  /** Set: the stores are in PostgreSQL. */
  databaseUrl: string | null;
}

/**
 * Folders an archive holds beside the stores' data, each under its own name
 * at the archive's root: the photos when they are not inside DATA_DIR, and,
 * with PostgreSQL (where DATA_DIR is not copied whole), the kept widget
 * releases. The rest of a DATA_DIR is copied as it is.
 */
function separateFolders(place: DataPlace): { from: string; as: string; label: string }[] {
  const folders: { from: string; as: string; label: string }[] = [];
  if (place.databaseUrl || !inside(place.photosDir, place.dataDir)) folders.push({ from: place.photosDir, as: PHOTOS_DIR, label: "PHOTOS_DIR" });
  if (place.databaseUrl) folders.push({ from: path.join(place.dataDir, RELEASES_DIR), as: RELEASES_DIR, label: `DATA_DIR/${RELEASES_DIR}` });
  return folders;
}

/**
 * Copy the tree under `root` into `into`: each folder's files first, then its
 * subfolders (see the top of this file); `except` names at the root are left
 * out. A missing root is an empty one when `optional`.
 */
async function snapshot(
  root: string,
  into: string,
  { afterRead = async () => {} }: BackupOptions,
  { except = [], optional = false }: { except?: string[]; optional?: boolean } = {},
): Promise<void> {
  const copyFolder = async (rel: string) => {
    let entries;
    try {
      entries = await readdir(path.join(root, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT" && (rel !== "" || optional)) return;
      throw err;
    }
    await afterRead(`${rel}/`);
    const kept = entries.filter((e) => !skipped(e.name) && !(rel === "" && except.includes(e.name))).sort((a, b) => a.name.localeCompare(b.name));
    await mkdirPrivate(path.join(into, rel));
    for (const e of kept) {
      if (!e.isFile()) continue;
      await copyFile(path.join(root, rel, e.name), path.join(into, rel, e.name));
      await afterRead(path.join(rel, e.name));
    }
    for (const e of kept) if (e.isDirectory()) await copyFolder(path.join(rel, e.name));
  };
  await copyFolder("");
}

const inside = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

const resolvePlace = (place: DataPlace): DataPlace => ({ ...place, dataDir: path.resolve(place.dataDir), photosDir: path.resolve(place.photosDir) });

/**
 * Write one .tar.gz of all the data to `out` (replaced whole, by rename, only
 * once complete; readable by its owner only: it holds leads and password
 * hashes): everything under DATA_DIR, or, with PostgreSQL, the database as of
 * one snapshot written as a data folder's files (store/data-folder.ts), so
 * either engine restores it; and the photos. Safe while the server runs.
 * The photos are copied after the data: a photo's files are in place before
 * any vehicle names it, and are only removed once no vehicle does.
 */
export async function writeBackup(place: DataPlace, out: string, options: BackupOptions = {}): Promise<BackupManifest> {
  const { dataDir, databaseUrl } = (place = resolvePlace(place));
  out = path.resolve(out);
  const folders = separateFolders(place);
  const holder = [...(databaseUrl ? [] : [{ from: dataDir, label: "DATA_DIR" }]), ...folders].find((f) => inside(out, f.from));
  if (holder) throw new Error(`--out ${out} is inside ${holder.label} (${holder.from}): write the backup somewhere else`);
  if (!databaseUrl)
    await stat(dataDir).catch((err: NodeJS.ErrnoException) => {
      throw err.code === "ENOENT" ? new Error(`DATA_DIR ${dataDir} does not exist: nothing to back up`) : err;
    });
  await mkdirPrivate(path.dirname(out));
  const work = await mkdtemp(path.join(path.dirname(out), ".gc-backup-"));
  try {
    const tree = path.join(work, "data");
    if (databaseUrl) {
      const db = await openDatabase(databaseUrl, { max: 1, listen: false });
      try {
        await withDatabaseSnapshot(db, (records) => writeDataFolder(tree, records));
      } finally {
        await db.close();
      }
    } else await snapshot(dataDir, tree, options, { except: folders.map((f) => f.as) });
    for (const f of folders) await snapshot(f.from, path.join(tree, f.as), options, { optional: true });
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      engine: databaseUrl ? "postgres" : "lowdb",
      counts: await countData(tree),
    };
    const handle = await open(path.join(tree, MANIFEST), "wx", PRIVATE_FILE_MODE);
    await handle.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
    await handle.close();
    const partial = path.join(work, "backup.tar.gz");
    // The manifest first, so a restore finds it at once.
    const entries = [MANIFEST, ...(await readdir(tree)).filter((n) => n !== MANIFEST).sort()];
    await createTar({ gzip: true, file: partial, cwd: tree, portable: true, strict: true }, entries);
    const done = await open(partial, "r+");
    try {
      await done.chmod(PRIVATE_FILE_MODE);
      await done.sync();
    } finally {
      await done.close();
    }
    await rename(partial, out);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The entries of a folder (none when it does not exist). */
const entriesOf = (dir: string) =>
  readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [] as string[];
    throw err;
  });

/** Whether any file is under `dir` (empty folders, as a server leaves them, hold nothing). */
async function holdsFiles(dir: string): Promise<boolean> {
  const all = await readdir(dir, { withFileTypes: true, recursive: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  return all.some((e) => !e.isDirectory());
}

/** Move `from` to `to`, copying when they are on different file systems. */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
    await rm(from, { recursive: true, force: true });
  }
}

export interface RestoreResult extends BackupManifest {
  restored: DataCounts;
  /** Where it went, for messages: DATA_DIR, or the database (its password hidden) and PHOTOS_DIR. */
  into: string;
}

/**
 * Restore a backup, made with either engine, into the place the server uses:
 * an empty DATA_DIR, or with PostgreSQL an empty database (loaded in one
 * transaction and checked, store/pg/data-copy.ts) and PHOTOS_DIR. A place
 * that holds data is refused (RestoreRefusedError, nothing touched) unless
 * `force`, which replaces what it holds. The archive is unpacked and checked
 * (counts, files parsed) in a folder inside DATA_DIR before anything is
 * touched. Stop the server first: it keeps the data in memory and would write
 * over a restore.
 */
export async function restoreBackup(file: string, place: DataPlace, { force = false } = {}): Promise<RestoreResult> {
  const { dataDir, databaseUrl } = (place = resolvePlace(place));
  file = path.resolve(file);
  await stat(file).catch((err: NodeJS.ErrnoException) => {
    throw err.code === "ENOENT" ? new Error(`${file} does not exist`) : err;
  });
  const folders = separateFolders(place);
  const photos = folders.find((f) => f.as === PHOTOS_DIR);
  await mkdirPrivate(dataDir);
  const db = databaseUrl ? await openDatabase(databaseUrl, { max: 1, listen: false }) : null;
  const work = await mkdtemp(path.join(dataDir, ".gc-restore-"));
  try {
    // A work folder an earlier restore could not remove (the process was killed) is no data: removed, not counted.
    const present: string[] = [];
    for (const name of await readdir(dataDir))
      if (WORK_FOLDER.test(name)) {
        if (path.join(dataDir, name) !== work) await rm(path.join(dataDir, name), { recursive: true, force: true, maxRetries: 5 });
      } else present.push(name);
    const held: string[] = [];
    if (db) {
      const tables = await heldTables(db.pool);
      if (tables.length) held.push(`the database ${redactUrl(databaseUrl!)} is not empty (${tables.join(", ")})`);
    } else if (present.length > 0) held.push(`DATA_DIR ${dataDir} is not empty (${present.length} entr${present.length === 1 ? "y" : "ies"})`);
    if (photos && (await holdsFiles(photos.from))) held.push(`PHOTOS_DIR ${photos.from} is not empty`);
    const refusal = (what: string[]) =>
      new RestoreRefusedError(`${what.join(", and ")}: a restore goes into an empty place; pass --force to replace what it holds (stop the server first)`);
    if (held.length > 0 && !force) throw refusal(held);

    try {
      await extractTar({
        file,
        cwd: work,
        strict: true,
        // Plain files and folders only: no links, devices or absolute paths (node-tar refuses "..").
        filter: (_p: string, entry: unknown) => ["File", "OldFile", "Directory"].includes((entry as { type?: string }).type ?? ""),
      });
    } catch (err) {
      throw new NotABackupError(`${file} is not a readable .tar.gz: ${(err as Error).message}`);
    }
    const manifest = (await readJsonFile(path.join(work, MANIFEST)).catch(() => undefined)) as BackupManifest | undefined;
    if (!manifest || manifest.format !== FORMAT)
      throw new NotABackupError(`${file} is not a backup made by \`npm run backup\` (no ${MANIFEST} of format ${FORMAT})`);
    const restored = await countData(work);
    const differ = differences(manifest.counts, restored);
    if (differ.length)
      throw new NotABackupError(`${file} does not hold what its manifest counts (${differ.join("; ")}): it is incomplete or was changed; nothing was restored`);

    if (db) {
      // The leads go in a segment at a time: memory does not grow with them.
      const records = await readDataFolderStreamed(work);
      try {
        await loadDatabase(db, records, { replace: force });
      } catch (err) {
        // Written to since the check above.
        throw err instanceof NotEmptyError ? refusal([`the database ${redactUrl(databaseUrl!)} is not empty (${err.held.join(", ")})`]) : err;
      }
    } else {
      if (force) for (const name of present) await rm(path.join(dataDir, name), { recursive: true, force: true });
      const separate = new Set(folders.map((f) => f.as));
      for (const name of await readdir(work)) if (name !== MANIFEST && !separate.has(name)) await rename(path.join(work, name), path.join(dataDir, name));
    }
    for (const f of folders) {
      const names = await entriesOf(path.join(work, f.as));
      await mkdirPrivate(f.from);
      if (f.as === PHOTOS_DIR && force) for (const name of await readdir(f.from)) await rm(path.join(f.from, name), { recursive: true, force: true });
      const kept = new Set(await readdir(f.from));
      // Photo folders are empty here (a server's empty public/ and originals/ are replaced); a widget release already kept is never overwritten.
      for (const name of names) {
        if (kept.has(name) && f.as === RELEASES_DIR) continue;
        if (kept.has(name)) await rm(path.join(f.from, name), { recursive: true, force: true });
        await move(path.join(work, f.as, name), path.join(f.from, name));
      }
      await syncFolder(f.from);
    }
    await syncFolder(dataDir);
    return { ...manifest, restored, into: databaseUrl ? `${redactUrl(databaseUrl)} and ${photos!.from}` : dataDir };
  } finally {
    // A failed extraction may still be writing its last files: retried until they are in, and never hiding why it failed.
    await rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }).catch((err: unknown) =>
      console.error(`[restore] could not remove ${work} (remove it by hand):`, err),
    );
    await db?.close();
  }
}

/** Each count of the manifest the unpacked files do not match, as "leads: 555 in its manifest, 0 in the archive". */
function differences(manifest: Partial<DataCounts>, found: DataCounts): string[] {
  return (Object.keys(found) as (keyof DataCounts)[])
    .filter((k) => manifest[k] !== undefined && manifest[k] !== found[k])
    .map((k) => `${k}: ${manifest[k]!.toLocaleString("en-US")} in its manifest, ${found[k].toLocaleString("en-US")} in the archive`);
}
