import { MESSAGES } from '@switchboard/domain';
import { describe, expect, it } from 'vitest';
import { checkFile } from './file-field.tsx';

describe('checkFile', () => {
  it('says a chosen file that is empty is empty', () => {
    expect(checkFile(new File([], 'numbers.csv'), ['text/csv'])).toBe(MESSAGES.fileEmpty);
    expect(checkFile(new File(['01214960300\n'], 'numbers.csv'), ['text/csv'])).toBeNull();
  });

  it('refuses another type first, and a file too large', () => {
    expect(checkFile(new File([], 'notes.txt', { type: 'text/plain' }), ['text/csv'])).toBe(MESSAGES.invalidFileFormat);
    expect(checkFile(new File(['12345'], 'numbers.csv'), ['text/csv'], 4)).toBe(MESSAGES.fileTooLarge('4 B', '5 B'));
  });
});
