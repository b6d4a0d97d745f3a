/**
 * The mail module: e-mails queued in the transaction of their cause and handed to the transport,
 * their templates, and the account's notifications (the top bar's bell). Other areas import this
 * file only.
 */
export * from './mail.ts';
export * from './mail-templates.ts';
export * from './notify.ts';
export type * from './tables.ts';
