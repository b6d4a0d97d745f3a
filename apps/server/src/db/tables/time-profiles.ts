/** Tables of time profiles and calendar entries. */

// biome-ignore lint/suspicious/noEmptyInterface: filled in by the area's migration.
export interface TimeProfileTables {}
