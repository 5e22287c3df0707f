/** What the console needs of a zod schema (the console does not depend on zod itself). */
interface Schema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A react-admin form `validate` from the contract's schema: the browser checks with the same
 * rules the api applies; the api adds what needs the database (duplicates) on the fields.
 */
export function validateWith(schema: Schema) {
  return (values: Record<string, unknown>): Record<string, string> => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.') || 'root';
      errors[field] ??= issue.message;
    }
    return errors;
  };
}
