import { describe, expect, it } from 'vitest';
import { TIME_PROFILE_MESSAGES } from './features/time-profiles.ts';

describe('numberMessages', () => {
  it("words the time profiles' number messages as the spec does", () => {
    expect(TIME_PROFILE_MESSAGES).toMatchObject({
      invalidNumber: 'Please input a valid number',
      lessThanTo: 'Please ensure this number is less than the To field',
      tooMany: 'You cannot add more than 10 time profiles at one time, please contact your account manager to add more',
      inUse: 'Time profile number is already in use. Please select a different number',
      rangeInUse:
        '1 or more of the time profiles already has the number in this selected range. Please check the range and try again',
    });
  });
});
