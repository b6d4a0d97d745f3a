import { describe, expect, it } from 'vitest';
import { soundsFields } from './api.ts';

const prompts = { options: [{ value: 12, label: 'Acme main greeting' }], helper: undefined };
const music = { options: [{ value: 3, label: 'Acme hold tune' }], helper: undefined };

describe('the Sounds tab of a queue', () => {
  it('offers spec 2 §9’s five queue identifications, not the custom prompts', () => {
    const field = soundsFields(prompts, music).find((f) => f.name === 'announceId');
    expect(field?.kind).toBe('select');
    const options = field?.kind === 'select' ? field.options : [];
    expect(options.map((o) => [o.value, o.label])).toEqual([
      [-1, 'None'],
      [-2, 'Support'],
      [-3, 'Sales'],
      [-4, 'Accounting'],
      [-5, 'Purchasing'],
    ]);
  });

  it('still offers the prompts for the welcome, the periodic announcement and the queue-full message', () => {
    for (const name of ['welcomeId', 'periodicAnnounceId', 'queueFullMessageId']) {
      const field = soundsFields(prompts, music).find((f) => f.name === name);
      const options = field?.kind === 'select' ? field.options : [];
      expect(options.map((o) => o.label)).toEqual(['None', 'Acme main greeting']);
    }
  });
});
