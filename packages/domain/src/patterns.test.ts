import { describe, expect, it } from 'vitest';
import { createMonthlyCost, formatBytes, formatPence } from './constants.ts';
import { PATTERNS } from './patterns.ts';

const cases: Record<keyof typeof PATTERNS, { good: string[]; bad: string[] }> = {
  telephone: {
    good: ['01214960000', '+441214960000', '12345', '12345678901234', '+1234', '+4412149600000'],
    bad: [
      ...['1234', '123456789012345', '0121 496', 'abc12345', '+123', '+44121496000000'],
      // A plus only as the first character, and only one.
      ...['+++++', '1+2+3+4+5', '12345+', '0121+4960000', '++441214960000', '+'],
    ],
  },
  ukPostcode: {
    good: ['B1 2JR', 'M2 7EF', 'LS22 6NE', 'SW1A 1AA', 'sw1a1aa', 'GIR 0AA'],
    bad: ['12345', 'B1', 'ABC DEF'],
  },
  accountSeat: {
    good: ['30000*201', '30000*2001', '30000*20001'],
    bad: ['03000*201', '30000*101', '30000*20', '3000*201'],
  },
  pin: { good: ['1234', '123456'], bad: ['123', '1234567', '12a4'] },
  internationalPin: { good: ['1234', '12345678'], bad: ['123', '123456789'] },
  voicemailPin: { good: ['1', '0000', '1234567890'], bad: ['', '12345678901', '12a4', ' 1234'] },
  cli: { good: ['01214960000', '441214960000', '001214960000'], bad: ['1214960000', '00'] },
  voicemailDate: { good: ['01 02 2026 10:11:12'], bad: ['2026-02-01 10:11:12'] },
  cardAddressLine1: { good: ['1 High St'], bad: ['1 Hi'] },
  extension: { good: ['200', '998', '2000', '99899'], bad: ['199', '999', '9990', '99912', '123456', '020'] },
  username: { good: ['alice', 'alice.smith@x', 'a b c!', 'a-b_c'], bad: ['abc', 'alice#', 'x'.repeat(101)] },
  objectName: { good: ['Main office', 'ab'], bad: ['a', 'Main-office'] },
  bankAccount: { good: ['31926819', '87654321'], bad: ['00000000', '01234567', '12345678', '1234567'] },
  sortCode: { good: ['601613'], bad: ['60-16-13', '60161'] },
  password: {
    good: ['Switchboard-1', 'Aa1!aaaa'],
    bad: ['switchboard-1', 'SWITCHBOARD-1', 'Switchboard1', 'Aa1!a', `Aa1!${'a'.repeat(47)}`],
  },
  ukMobile: {
    good: ['07700900501', '447700900501', '+447700900501', '07400123456', '07911123456', '07624123456'],
    // Not 070 (personal numbers) nor 076 (pagers), but 07624 (Isle of Man mobiles).
    bad: ['01214960000', '0770090050', '+4407700900501', '07012345678', '+447012345678', '07600123456', '0762412345'],
  },
};

describe('shared patterns of spec 1 §5', () => {
  for (const [name, { good, bad }] of Object.entries(cases)) {
    const rule = PATTERNS[name as keyof typeof PATTERNS];
    it.each(good)(`${name} accepts %s`, (v) => expect(rule.pattern.test(v)).toBe(true));
    it.each(bad)(`${name} refuses %s`, (v) => expect(rule.pattern.test(v)).toBe(false));
  }
  it('has the spec messages', () => {
    expect(PATTERNS.telephone.message).toBe('Please enter a valid telephone number.');
    expect(PATTERNS.ukPostcode.message).toBe('Please enter a valid UK postcode.');
    expect(PATTERNS.pin.message).toBe('PIN must be numerical with length between 4 and 6 digits');
    expect(PATTERNS.internationalPin.message).toBe('PIN must be numerical with length between 4 and 8 digits');
    expect(PATTERNS.voicemailPin.message).toBe('PIN must be numerical with a maximum of 10 digits');
    expect(PATTERNS.extension.message).toBe('Please enter a valid VoIP Extension');
    expect(PATTERNS.bankAccount.message).toBe('Please enter a valid UK bank account number');
    expect(PATTERNS.sortCode.message).toBe('Please enter a valid sort code');
  });
});

describe('formatting', () => {
  it('shows pence as pounds', () => {
    expect(formatPence(1234)).toBe('£12.34');
    expect(formatPence(-100)).toBe('-£1.00');
    expect(formatPence(0)).toBe('£0.00');
    // Thousands are separated, as people read money.
    expect(formatPence(100_000)).toBe('£1,000.00');
    expect(formatPence(-123_456_789)).toBe('-£1,234,567.89');
    // The create confirmation: £6 per item, 6 × the number of items (spec 1 §9).
    expect(createMonthlyCost(1)).toBe('Monthly cost: £6.00 (1 × £6.00)');
    expect(createMonthlyCost(3)).toBe('Monthly cost: £18.00 (3 × £6.00)');
    expect(createMonthlyCost(100)).toBe('Monthly cost: £600.00 (100 × £6.00)');
  });
  it('shows byte units', () => {
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(20_000_000)).toBe('20 MB');
  });
});
