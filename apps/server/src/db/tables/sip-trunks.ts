/** Tables of SIP trunks. */

// biome-ignore lint/suspicious/noEmptyInterface: filled in by the area's migration.
export interface SipTrunkTables {}
