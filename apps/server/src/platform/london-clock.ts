/** The UK wall clock lives in the domain (the web's support page reads it too). */
export { londonClock } from '@switchboard/domain';
