/** A row counts as changed when it differs from the originally loaded copy (spec 1 §4 "Tables"). */
export function isChanged<T extends Record<string, unknown>>(original: T, current: T): boolean {
  const keys = new Set([...Object.keys(original), ...Object.keys(current)]);
  for (const k of keys) {
    if (JSON.stringify(original[k]) !== JSON.stringify(current[k])) return true;
  }
  return false;
}

/** The rows whose edited copy differs from the loaded one, with the flag the spec's rows carry. */
export function changedRows<T extends Record<string, unknown> & { id: number }>(
  originals: T[],
  edit: (row: T) => T,
): Array<T & { isChanged: true }> {
  return originals
    .map((row) => ({ row, next: edit(row) }))
    .filter(({ row, next }) => isChanged(row, next))
    .map(({ next }) => ({ ...next, isChanged: true as const }));
}
