/**
 * An edit of a vehicle that names only the fields its author changed, with
 * the values they had in the version the author edited (docs/decisions/0018-vehicle-save-merge.md).
 * Applied to whatever version is current, it never writes a field the author
 * did not change; it conflicts only where someone else changed one they did.
 */
import { z } from "zod";
import { changedVehicleFields, VEHICLE_MESSAGES, VehicleFieldsSchema, type Vehicle } from "./vehicle";

/** The fields an edit may set: every top-level field but the id and `isNew`, which `condition` decides. */
export const EDITABLE_VEHICLE_FIELDS = Object.keys(VehicleFieldsSchema.shape).filter((k) => k !== "id" && k !== "isNew") as Exclude<
  keyof Vehicle,
  "id" | "isNew"
>[];
export type EditableVehicleField = (typeof EDITABLE_VEHICLE_FIELDS)[number];

const FieldSchema = z.enum(EDITABLE_VEHICLE_FIELDS as [EditableVehicleField, ...EditableVehicleField[]], { error: VEHICLE_MESSAGES.editFields });
/** A field's value, or null for an optional field left out (JSON has no undefined). */
const ValuesSchema = z.partialRecord(FieldSchema, z.unknown(), { error: VEHICLE_MESSAGES.editFields });

/** PATCH /api/staff/vehicles/:id: the changed fields' new values, and their values in the version edited (If-Match). */
export const VehicleEditSchema = z
  .object({ changes: ValuesSchema, base: ValuesSchema }, { error: VEHICLE_MESSAGES.edit })
  .refine((e) => Object.keys(e.changes).length > 0, { path: ["changes"], message: "Name at least one field to change" })
  .refine((e) => sameKeys(e.changes, e.base), { path: ["base"], message: "Give the edited version's value of each changed field, and only those" });
export type VehicleEdit = z.infer<typeof VehicleEditSchema>;

const sameKeys = (a: object, b: object) => Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => k in b);
/** Equal as JSON, with null and absent alike. */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The vehicle with the edit's changes on top; a null removes an optional field. Not validated: the schema judges it. */
export function applyVehicleEdit(current: Vehicle, changes: VehicleEdit["changes"]): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null || value === undefined) delete next[field];
    else next[field] = value;
  }
  return next;
}

/** The fields the edit changes that someone else changed too (to another value) since the version edited. */
export function editConflicts(current: Vehicle, edit: VehicleEdit): EditableVehicleField[] {
  return (Object.keys(edit.changes) as EditableVehicleField[]).filter(
    (field) => !sameValue(edit.base[field], current[field]) && !sameValue(edit.changes[field], current[field]),
  );
}

/** The edit that turns `base` into `edited`: the fields that differ, their new values and their values in `base`. */
export function vehicleEdit(base: Partial<Vehicle>, edited: Partial<Vehicle>): VehicleEdit {
  const changes: Record<string, unknown> = {};
  const was: Record<string, unknown> = {};
  for (const field of EDITABLE_VEHICLE_FIELDS) {
    if (sameValue(base[field], edited[field])) continue;
    changes[field] = edited[field] ?? null;
    was[field] = base[field] ?? null;
  }
  return { changes, base: was };
}

/** The longest text an audit entry keeps of a value; a description can be kilobytes. */
export const AUDIT_VALUE_CHARS = 300;
const kept = (value: unknown): unknown => {
  if (typeof value === "string" && value.length > AUDIT_VALUE_CHARS) return `${value.slice(0, AUDIT_VALUE_CHARS)}…`;
  return value ?? null;
};

/** One changed field, as the history shows it: its dotted path ("price", "specifications.range"), old and new value. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

const at = (v: Partial<Vehicle>, path: string): unknown =>
  path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], v);

/** Each field that differs between two versions, with its old and new value (long texts shortened). */
export function vehicleFieldChanges(before: Partial<Vehicle>, after: Partial<Vehicle>): FieldChange[] {
  return changedVehicleFields(before, after).map((field) => ({ field, from: kept(at(before, field)), to: kept(at(after, field)) }));
}
