/**
 * react-hook-form's resolver for a zod schema, in the few lines the widgets' flat forms need (decision 0064): the
 * schema's parsed values, or each field's first issue with its message and code, as @hookform/resolvers' zodResolver
 * gives them. That package's resolver (1.3 kB gzip in the contact form's chunk) also carries zod 3's issues, nested
 * paths, every criterion of a field and the browser's native validation, none of which a widget uses.
 */
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type * as z from "zod/mini";

export function schemaResolver<Input extends FieldValues, Output extends FieldValues>(schema: z.ZodMiniType<Output, Input>): Resolver<Input, unknown, Output> {
  return (values) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= { type: issue.code, message: issue.message };
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}
