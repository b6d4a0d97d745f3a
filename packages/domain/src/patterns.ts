/** The spec's shared patterns (spec 1 §5), each with its message. One copy for web and server. */
import { MESSAGES } from './messages.ts';

export interface PatternRule {
  pattern: RegExp;
  message: string;
}

export { isIPv4, isPrivateIp, isPublicIp, NON_UNICAST_IPV4_CIDRS } from './ip.ts';

export const PATTERNS = {
  /** 5-14 characters, digits or plus: a plus only as the first character, then at least 4 digits. */
  telephone: { pattern: /^(?:\+\d{4,13}|\d{5,14})$/, message: MESSAGES.telephone },
  ukPostcode: {
    pattern: /^([Gg][Ii][Rr] ?0[Aa]{2}|[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2})$/,
    message: MESSAGES.ukPostcode,
  },
  accountSeat: { pattern: /^[1-9]\d{4}\*[2-9]\d{2,4}$/, message: MESSAGES.extension },
  pin: { pattern: /^\d{4,6}$/, message: MESSAGES.pin },
  internationalPin: { pattern: /^\d{4,8}$/, message: MESSAGES.internationalPin },
  /** A voicemail mailbox's PIN (spec 3 §5): digits, at most 10. */
  voicemailPin: { pattern: /^\d{1,10}$/, message: MESSAGES.voicemailPin },
  cli: { pattern: /^0?(0|44)[1-9]\d{0,13}$/, message: MESSAGES.telephone },
  voicemailDate: { pattern: /^\d{2} \d{2} \d{4} \d{2}:\d{2}:\d{2}$/, message: 'Please enter a valid date' },
  cardAddressLine1: { pattern: /^.{5,45}$/, message: MESSAGES.required },
  extension: { pattern: /^(?!999)[2-9]\d{2,4}$/, message: MESSAGES.extension },
  username: { pattern: /^[A-Za-z0-9\-_.@! ]{4,100}$/, message: MESSAGES.username },
  objectName: { pattern: /^[A-Za-z0-9 ]{2,100}$/, message: MESSAGES.objectName },
  bankAccount: { pattern: /^(?!00000000$|01234567$|12345678$)\d{8}$/, message: MESSAGES.bankAccount },
  sortCode: { pattern: /^\d{6}$/, message: MESSAGES.sortCode },
  password: {
    pattern: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,50}$/,
    message: MESSAGES.password,
  },
  /**
   * UK mobile (ours: the spec leaves it open): 07, 447 or +447 and 9 more digits, in the mobile
   * ranges 071-075 and 077-079, or 07624; not 070 (personal numbers) nor 076 (pagers). phone.test.ts
   * checks it against libphonenumber's kinds of every 07 range.
   */
  ukMobile: { pattern: /^(?:0|\+?44)7(?:[1-57-9]\d{8}|624\d{6})$/, message: MESSAGES.mobileNumber },
} as const satisfies Record<string, PatternRule>;
