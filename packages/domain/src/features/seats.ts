/** Schemas, constants and texts of seats (spec 2). */
export {};
