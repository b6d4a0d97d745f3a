/** Tables of seats, their voicemail, devices, registrations and softphones. */

// biome-ignore lint/suspicious/noEmptyInterface: filled in by the area's migration.
export interface SeatTables {}
