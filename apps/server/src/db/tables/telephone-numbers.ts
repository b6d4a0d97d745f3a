/** Tables of allocated telephone numbers and their emergency (EMS) data. */

// biome-ignore lint/suspicious/noEmptyInterface: filled in by the area's migration.
export interface TelephoneNumberTables {}
