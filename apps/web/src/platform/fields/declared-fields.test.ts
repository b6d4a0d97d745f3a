import { type CallGroupInput, callGroupFields, declareFields, field, requiredText } from '@switchboard/domain';
import { describe, expect, it } from 'vitest';
import { columnOf, filterOf, formField, formFields, labelOf } from './declared-fields.ts';

describe('declared fields on the web', () => {
  it('derive each control from the declaration: choices a select, a boolean a switch, a destination, a text', () => {
    const fields = formFields<CallGroupInput>(
      callGroupFields,
      ['customName', 'cidPrefix', 'falloverLocation', 'ringTime', 'ignoreCfwd'],
      { falloverLocation: { exclude: ['callgroup:200'] } },
    );
    expect(fields).toEqual([
      { kind: 'text', name: 'customName', label: 'Name', required: true, type: 'text' },
      { kind: 'text', name: 'cidPrefix', label: 'Caller ID Prefix', required: false, type: 'text' },
      {
        kind: 'destination',
        name: 'falloverLocation',
        label: 'Fallover Destination',
        required: false,
        exclude: ['callgroup:200'],
        types: undefined,
        extra: undefined,
      },
      { kind: 'select', name: 'ringTime', label: 'Ring Time', options: callGroupFields.meta.ringTime.options },
      { kind: 'switch', name: 'ignoreCfwd', label: 'Ignore Call Forwards' },
    ]);
  });

  it('keep a field the page gives in its place, and take extras', () => {
    const own = { kind: 'switch', name: 'answerElsewhere', label: 'Other' } as const;
    const fields = formFields<CallGroupInput>(callGroupFields, [own, 'ringType'], { ringType: { disabled: true } });
    expect(fields[0]).toBe(own);
    expect(fields[1]).toMatchObject({ kind: 'select', disabled: true });
  });

  it('give list columns and filters their declared labels, and refuse an undeclared or unlabelled field', () => {
    expect(columnOf<{ ringType: number }>(callGroupFields, 'ringType')).toEqual({
      field: 'ringType',
      header: 'Ring Type',
      sortable: true,
    });
    expect(filterOf(callGroupFields, 'ringType')).toMatchObject({ options: callGroupFields.meta.ringType.options });
    expect(filterOf(callGroupFields, 'answerElsewhere')).toMatchObject({
      options: [{ label: 'Yes' }, { label: 'No' }],
    });
    // A text field is typed in full (a number's with the telephone keyboard).
    expect(filterOf(callGroupFields, 'customName')).toEqual({
      field: 'customName',
      label: 'Name',
      text: true,
      inputMode: 'text',
    });
    const bare = declareFields({ name: field(requiredText()) });
    expect(() => labelOf(bare, 'name')).toThrow('declared without a label');
    expect(() => formField<{ other: string }>(bare, 'other')).toThrow('not declared');
  });
});
