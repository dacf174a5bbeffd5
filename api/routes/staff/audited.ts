import type { AuditEntry } from "../../../domain/staff";
import type { Vehicle } from "../../../domain/vehicle";
import { vehicleFieldChanges } from "../../../domain/vehicle-edit";
import type { AuditStore } from "../../store/audit-store";

/** A history entry naming the vehicle and each changed field's old and new value. */
export function vehicleEntry(email: string, action: "create" | "update", before: Partial<Vehicle>, after: Vehicle, at = new Date().toISOString()): AuditEntry {
  const changes = vehicleFieldChanges(before, after);
  return { at, email, action, vehicleId: after.id, vehicleName: after.name, fields: changes.map((c) => c.field), changes };
}

/** Writes whose history is written first, so that no change is stored without its entry, whichever write fails. */
export function historyFirst(audit: AuditStore) {
  /** History entries of changes that were not stored after all; a failure to take one back leaves an entry too many, never one too few. */
  const takeBack = (entries: readonly AuditEntry[]) =>
    audit.retract(entries).catch((err: unknown) => console.error("[audit] an entry of a change that was not stored could not be taken back:", err));
  /**
   * `write` with its history entries (one, or many in one append): they are on disk first and taken back when the
   * write throws or stores nothing (undefined), so an answer of 500 leaves neither.
   */
  const audited = async <T>(entries: AuditEntry | readonly AuditEntry[], write: () => Promise<T | undefined>): Promise<T | undefined> => {
    const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
    const written = list.length === 1 ? [await audit.append(list[0]!)] : list.length ? await audit.appendMany(list) : [];
    let result: T | undefined;
    try {
      result = await write();
    } catch (err) {
      await takeBack(written);
      throw err;
    }
    if (result === undefined) await takeBack(written);
    return result;
  };
  return { audited, takeBack };
}
