/** A row counts as changed when it differs from the originally loaded copy (spec 1 §4 "Tables"). */
export function isChanged<T extends Record<string, unknown>>(original: T, current: T): boolean {
  const keys = new Set([...Object.keys(original), ...Object.keys(current)]);
  for (const k of keys) {
    if (JSON.stringify(original[k]) !== JSON.stringify(current[k])) return true;
  }
  return false;
}
