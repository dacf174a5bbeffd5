/** How an attribute becomes a prop: its text, a number, or (boolean) whether it is there at all. */
export type AttrType = "string" | "number" | "boolean";

/** The props a map of attributes gives (widgets/<folder>/attributes.ts): each optional, as an attribute may be absent. */
export type AttributeProps<M extends Record<string, AttrType>> = {
  [K in keyof M]?: M[K] extends "number" ? number : M[K] extends "boolean" ? boolean : string;
};

/** The attribute of a prop: `apiBase` → `api-base`. */
export const attributeName = (prop: string): string => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The prop of an attribute: `api-base` → `apiBase`. */
export const propName = (attribute: string): string => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * An attribute's value as its prop takes it, in the browser (defineWidget) and on the server alike: an absent one is
 * undefined (a boolean one false), an empty one "" (NaN for a number).
 */
export function attributeValue(type: AttrType, value: string | null): string | number | boolean | undefined {
  if (type === "boolean") return value !== null;
  if (value === null) return undefined;
  return type === "number" ? parseFloat(value) : value;
}
