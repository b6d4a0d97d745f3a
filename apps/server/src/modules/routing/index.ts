/**
 * The routing module: an account's routing estate read from the database for the routing engine
 * (the domain's routeCall), which is where every routing rule lives.
 */
export { loadEstate } from './estate.ts';
