/**
 * The identity module: control-panel users (creating one, who may change whom), their one-use links
 * (activation, first password, reset, e-mail change) and the account holder's verified identity.
 * Other areas import this file only.
 */
export * from './identity-status.ts';
export * from './new-account.ts';
export * from './password-tokens.ts';
export type * from './tables.ts';
export * from './users.ts';
