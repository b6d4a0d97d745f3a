/** Schemas, constants and texts of dashboard (spec 2). */
export {};
