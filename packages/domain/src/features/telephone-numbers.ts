/** Schemas, constants and texts of telephone-numbers (spec 2). */
export {};
