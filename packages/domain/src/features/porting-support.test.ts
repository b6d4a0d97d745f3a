import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { FEATURES } from '../permissions.ts';
import { AOT_MESSAGES, aotPageState, aotResponseForm } from './porting.ts';
import {
  canSeeSupport,
  helpVideoIds,
  liveChatShown,
  liveChatState,
  SUPPORT_MESSAGES,
  supportSettingsInput,
} from './support.ts';

describe('the advice of transfer page state (spec 3 §4)', () => {
  const open = { status: 'AOT Required', aotResponse: null, dateRejected: null, dateCancelled: null } as const;
  it('is open only with no response, not rejected, not cancelled and an AOT required', () => {
    expect(aotPageState(open)).toBe('open');
    expect(aotPageState({ ...open, status: 'AOT Not Required' })).toBe('notRequired');
    expect(aotPageState({ ...open, dateRejected: '2026-11-01', aotResponse: 'reject' })).toBe('rejected');
    expect(aotPageState({ ...open, dateCancelled: '2026-11-02' })).toBe('cancelled');
    expect(aotPageState({ ...open, aotResponse: 'accept' })).toBe('responded');
  });
});

describe('the response form (spec 3 §5)', () => {
  const good = {
    resellerExport: false,
    companyName: 'Acme',
    response: 'accept',
    reason: 'Moving provider',
    name: 'Alice',
  };
  const messages = (wholesale: boolean, value: object) => {
    const r = aotResponseForm(wholesale).safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('needs a reason of at least 10 characters, a response, a name and a company', () => {
    expect(messages(false, good)).toEqual([]);
    expect(messages(false, { ...good, reason: '123456789' })).toEqual([`reason: ${AOT_MESSAGES.reasonShort}`]);
    expect(messages(false, { ...good, reason: '1234567890' })).toEqual([]);
    expect(messages(false, { ...good, response: undefined })).toEqual([`response: ${AOT_MESSAGES.responseRequired}`]);
    expect(messages(false, { ...good, name: ' ', companyName: '' })).toEqual([
      `companyName: ${MESSAGES.required}`,
      `name: ${MESSAGES.required}`,
    ]);
  });
  it("needs the reseller's declaration of a wholesale account only", () => {
    expect(messages(true, good)).toEqual([`resellerExport: ${AOT_MESSAGES.resellerRequired}`]);
    expect(messages(true, { ...good, resellerExport: true })).toEqual([]);
  });
});

describe('live chat (spec 3 §6, §9)', () => {
  it('is shown for account 10000 or a top-level account only', () => {
    expect(liveChatShown({ accountNo: 10000, parent: 0 })).toBe(true);
    expect(liveChatShown({ accountNo: 10000, parent: 5 })).toBe(true);
    expect(liveChatShown({ accountNo: 30000, parent: 0 })).toBe(true);
    expect(liveChatShown({ accountNo: 30000, parent: 10000 })).toBe(false);
  });
  it('is open 09:00-17:30 UK time (GMT in winter, BST in summer) and says when it opens', () => {
    const at = (iso: string) => liveChatState(new Date(iso));
    // Winter: UK time is UTC.
    expect(at('2026-01-14T08:59:00Z')).toEqual({ open: false, message: SUPPORT_MESSAGES.liveChatOpensToday });
    expect(at('2026-01-14T09:00:00Z')).toEqual({ open: true });
    expect(at('2026-01-14T17:29:59Z')).toEqual({ open: true });
    expect(at('2026-01-14T17:30:00Z')).toEqual({ open: false, message: SUPPORT_MESSAGES.liveChatOpensTomorrow });
    // Summer: UK time is UTC+1, so 08:00 UTC is 09:00 in London and 16:30 UTC is 17:30.
    expect(at('2026-07-14T07:59:00Z').open).toBe(false);
    expect(at('2026-07-14T08:00:00Z')).toEqual({ open: true });
    expect(at('2026-07-14T16:29:00Z')).toEqual({ open: true });
    expect(at('2026-07-14T16:30:00Z').open).toBe(false);
    expect(at('2026-07-14T23:30:00Z')).toEqual({ open: false, message: SUPPORT_MESSAGES.liveChatOpensToday });
  });
});

describe('the support page', () => {
  it('is for provider admins and retail users', () => {
    const holder = (...features: number[]) => ({
      permissions: Object.fromEntries(features.map((f) => [String(f), 15])),
    });
    expect(canSeeSupport(holder(FEATURES.vhAdmin))).toBe(true);
    expect(canSeeSupport(holder(FEATURES.retail))).toBe(true);
    expect(canSeeSupport(holder(FEATURES.retail, FEATURES.wholesale))).toBe(false);
    expect(canSeeSupport(holder(FEATURES.admin, FEATURES.prepay))).toBe(false);
  });
  it('takes help videos as YouTube ids separated by commas', () => {
    expect(helpVideoIds('M7lc1UVf-VE, aqz-KE-bpKQ')).toEqual(['M7lc1UVf-VE', 'aqz-KE-bpKQ']);
    expect(helpVideoIds('')).toEqual([]);
    const settings = {
      email: 'a@b.example',
      phone: '0330',
      postalAddress: 'Here',
      liveChatUrl: 'https://x.example',
      helpVideos: 'M7lc1UVf-VE,aqz-KE-bpKQ',
    };
    expect(supportSettingsInput.safeParse(settings).success).toBe(true);
    expect(supportSettingsInput.safeParse({ ...settings, helpVideos: 'nope' }).error?.issues[0]?.message).toBe(
      SUPPORT_MESSAGES.videoId,
    );
  });
});
