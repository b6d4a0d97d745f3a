import { describe, expect, it } from 'vitest';
import {
  CALL_RECORDING_MESSAGES,
  callRecordingIngest,
  callRecordingListBody,
  callRecordingSettingsInput,
  defaultRecordingRange,
} from './call-recording.ts';

describe('call recordings', () => {
  it('default to one month back to today, in UK days (spec 3 §5)', () => {
    expect(defaultRecordingRange(new Date('2026-11-29T10:00:00Z'))).toEqual({ from: '2026-10-29', to: '2026-11-29' });
    // The last day of a shorter month; and 23:30 UTC in summer is already the next UK day.
    expect(defaultRecordingRange(new Date('2027-03-31T12:00:00Z'))).toEqual({ from: '2027-02-28', to: '2027-03-31' });
    expect(defaultRecordingRange(new Date('2028-03-31T12:00:00Z'))).toEqual({ from: '2028-02-29', to: '2028-03-31' });
    expect(defaultRecordingRange(new Date('2027-07-14T23:30:00Z'))).toEqual({ from: '2027-06-15', to: '2027-07-15' });
    expect(defaultRecordingRange(new Date('2027-01-15T09:00:00Z'))).toEqual({ from: '2026-12-15', to: '2027-01-15' });
  });

  it('list a page of a range whose ends are real days in order', () => {
    expect(callRecordingListBody.parse(undefined)).toEqual({ offset: 0, limit: 50 });
    const backwards = callRecordingListBody.safeParse({ from: '2026-11-02', to: '2026-11-01' });
    expect(backwards.error?.issues[0]?.message).toBe(CALL_RECORDING_MESSAGES.dateOrder);
    expect(callRecordingListBody.safeParse({ from: '2026-02-30' }).error?.issues[0]?.message).toBe(
      CALL_RECORDING_MESSAGES.date,
    );
    expect(callRecordingListBody.safeParse({ limit: 201 }).success).toBe(false);
    expect(callRecordingListBody.safeParse({ offset: -1, limit: -1 }).success).toBe(false);
  });

  it('take the recording server’s metadata as its form sends it: text fields', () => {
    const meta = {
      accountNo: '30000',
      startedAt: '2026-11-20T09:30:00+00:00',
      origin: '01214960000',
      destination: '201',
      inbound: 'true',
      seconds: '95',
      callId: 'a1b2c3@switch-1',
    };
    expect(callRecordingIngest.parse(meta)).toMatchObject({ accountNo: 30000, inbound: true, seconds: 95 });
    expect(callRecordingIngest.parse({ ...meta, origin: 'anonymous', inbound: 'false' })).toMatchObject({
      origin: 'anonymous',
      inbound: false,
    });
    const bad = callRecordingIngest.safeParse({ ...meta, destination: "201'; drop table" });
    expect(bad.error?.issues[0]?.message).toBe(CALL_RECORDING_MESSAGES.party);
    expect(callRecordingIngest.safeParse({ ...meta, startedAt: 'yesterday' }).success).toBe(false);
  });

  it('keep retention in whole days and the quota in GB to the megabyte', () => {
    expect(callRecordingSettingsInput.parse({ retentionDays: '30', quotaGb: '2.5' })).toEqual({
      retentionDays: 30,
      quotaGb: 2.5,
    });
    expect(callRecordingSettingsInput.safeParse({ retentionDays: 30, quotaGb: 1.0005 }).error?.issues[0]?.message).toBe(
      'Give the quota to at most 3 decimal places',
    );
    expect(callRecordingSettingsInput.safeParse({ retentionDays: 3651, quotaGb: 1 }).success).toBe(false);
  });
});
