import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { priceSms, RateDeckIndex, rateSms, type SmsRate, smsDigits, smsParts } from '../rating.ts';
import { SMS_MAX_LENGTH, SMS_MESSAGES, smsFields, smsRecord, smsSendForm, smsSendInput } from './sms.ts';

const deck = new RateDeckIndex<SmsRate>([
  { prefix: '447', destination: 'UK Mobile', sms: 400 },
  { prefix: '4476', destination: 'UK Pagers (076)', sms: null },
  { prefix: '441', destination: 'UK Geographic (01)', sms: null },
  { prefix: '33', destination: 'France', sms: 800 },
]);

describe('SMS fields', () => {
  it('declares the spec fields once: the record has smsId, status, from, to, date, message, originator, destinations, fromMobile', () => {
    const keys = Object.keys(smsRecord.shape);
    for (const k of ['smsId', 'status', 'from', 'to', 'date', 'message', 'originator', 'destinations', 'fromMobile'])
      expect(keys).toContain(k);
    expect(smsFields.meta.status).toMatchObject({ filterable: true, sortable: true });
    expect(smsFields.meta.message).toMatchObject({ searchable: true });
  });

  it("takes 'to' by the telephone pattern and a message of at most 250 characters", () => {
    const ok = smsSendInput.safeParse({
      originator: '01214960000',
      destinations: ['07700900123', '+447700900123'],
      message: 'Hi',
    });
    expect(ok.success).toBe(true);
    const issues = (body: object) =>
      smsSendInput.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    const base = { originator: '01214960000', destinations: ['07700900123'], message: 'Hi' };
    expect(issues({ ...base, destinations: ['1234'] })).toEqual([['destinations.0', MESSAGES.telephone]]);
    expect(issues({ ...base, destinations: ['123456789012345'] })).toEqual([['destinations.0', MESSAGES.telephone]]);
    expect(issues({ ...base, destinations: ['+44 7700'] })).toEqual([['destinations.0', MESSAGES.telephone]]);
    expect(issues({ ...base, destinations: ['12345'] })).toBeUndefined();
    expect(issues({ ...base, message: 'x'.repeat(SMS_MAX_LENGTH + 1) })).toEqual([['message', SMS_MESSAGES.tooLong]]);
    expect(SMS_MESSAGES.tooLong).toBe('Length must not exceed 250 characters');
    expect(issues({ ...base, message: 'x'.repeat(SMS_MAX_LENGTH) })).toBeUndefined();
    expect(issues({ ...base, destinations: [] })).toEqual([['destinations', SMS_MESSAGES.selectDestination]]);
    // A destination named twice is one text.
    expect(smsSendInput.parse({ ...base, destinations: ['07700900123', '07700900123'] }).destinations).toEqual([
      '07700900123',
    ]);
  });
});

describe('SMS price (the one rating function)', () => {
  it('counts parts as a gateway does: GSM-7 160 / 153, extension characters twice, UCS-2 70 / 67', () => {
    expect(smsParts('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsParts('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, parts: 2 });
    expect(smsParts('€'.repeat(80)).parts).toBe(1);
    expect(smsParts('€'.repeat(81)).parts).toBe(2);
    expect(smsParts('Ж'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, parts: 1 });
    expect(smsParts('Ж'.repeat(71)).parts).toBe(2);
    expect(smsParts('Ж'.repeat(250)).parts).toBe(4);
    expect(smsParts('😀').units).toBe(2);
  });

  it('prices by the longest prefix, per part, rounded up once; a prefix without an SMS rate takes no texts', () => {
    expect(smsDigits('+447700900123')).toBe('447700900123');
    expect(smsDigits('07700900123')).toBe('447700900123');
    expect(smsDigits('12345')).toBeNull();
    expect(priceSms(deck, { to: '07700900123', message: 'Hi' })).toMatchObject({ costPence: 4, parts: 1 });
    expect(priceSms(deck, { to: '+447700900123', message: 'a'.repeat(161) })?.costPence).toBe(8);
    expect(priceSms(deck, { to: '0033612345678', message: 'Ж'.repeat(250) })?.costPence).toBe(32);
    expect(priceSms(deck, { to: '07600123456', message: 'Hi' })).toBeNull();
    expect(priceSms(deck, { to: '01214960000', message: 'Hi' })).toBeNull();
    expect(priceSms(deck, { to: '0049301234567', message: 'Hi' })).toBeNull();
    expect(rateSms({ prefix: '447', destination: 'UK Mobile', sms: 125 }, 'a'.repeat(161))).toBe(3); // 2.5p → 3p
  });
});

describe('the send form', () => {
  it('reads the destinations typed as one text and says a wrong one of the field itself', () => {
    const base = { originator: '01214960000', message: 'Hi' };
    expect(
      smsSendForm.parse({ ...base, destinations: '07700900123, +447700900124\n07700900123' }).destinations,
    ).toEqual(['07700900123', '+447700900124']);
    const issues = smsSendForm.safeParse({ ...base, destinations: '07700900123, 12ab' }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([['destinations', MESSAGES.telephone]]);
    const none = smsSendForm.safeParse({ ...base, destinations: ' ' }).error?.issues;
    expect(none?.map((i) => [i.path.join('.'), i.message])).toEqual([['destinations', SMS_MESSAGES.selectDestination]]);
  });
});
