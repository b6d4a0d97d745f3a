/** Schemas, constants and texts of time-profiles (spec 2). */
export {};
