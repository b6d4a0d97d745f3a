/** Schemas, constants and texts of sip-trunks (spec 2). */
export {};
