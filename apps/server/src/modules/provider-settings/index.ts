/**
 * The provider-settings module: the provider's own settings that several areas read (the support
 * page's contact details and live chat link, which the panel's configuration answers too).
 */
export * from './settings.ts';
export type * from './tables.ts';
