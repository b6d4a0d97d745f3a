import { Readable } from 'node:stream';
import { MESSAGES } from '@switchboard/domain';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, firstColumn, readCsv, readNumbersCsv } from './csv.ts';
import { HttpError } from './errors.ts';

const records = async (source: Parameters<typeof readCsv>[0]) => {
  const out: Array<[number, string[]]> = [];
  for await (const { line, fields } of readCsv(source)) out.push([line, fields]);
  return out;
};

describe('detectDelimiter', () => {
  it.each([
    ['01214960000,Bob\n01214960001,Al\n', ','],
    ['01214960000;Bob\n01214960001;Al\n', ';'],
    ['01214960000\tBob\n01214960001\tAl\n', '\t'],
    ['number\n01214960000\n', ','],
    ['', ','],
    // Commas inside quotes do not count.
    ['"Smith, John, Jr";01214960000\n"Jones, A";01214960001\n', ';'],
    ['"a;b;c;d",1,2\n', ','],
  ])('%j is split on %j', (sample, delimiter) => expect(detectDelimiter(sample)).toBe(delimiter));
});

describe('readCsv', () => {
  it('gives each record with the line it starts on', async () => {
    expect(await records('number\n01214960000\n\n"07700900111",x\r\nbad')).toEqual([
      [1, ['number']],
      [2, ['01214960000']],
      [4, ['07700900111', 'x']],
      [5, ['bad']],
    ]);
  });

  it('keeps the delimiter and line breaks inside quotes, on LF, CRLF and CR files', async () => {
    for (const end of ['\n', '\r\n', '\r']) {
      const text = ['a', '"b, x', 'c",d', '', '"e;""f""",g', 'h'].join(end);
      expect(await records(text)).toEqual([
        [1, ['a']],
        [2, [`b, x${end}c`.replace(/\r\n?/g, '\n'), 'd']],
        [5, ['e;"f"', 'g']],
        [6, ['h']],
      ]);
    }
  });

  it('reads semicolon and tab files, trimming spaces around fields', async () => {
    expect(await records('"0121,496";Leeds, office\n 01214960001 ; York\n')).toEqual([
      [1, ['0121,496', 'Leeds, office']],
      [2, ['01214960001', 'York']],
    ]);
    expect(await records('01214960000\t\tx\n01214960001\ty\n')).toEqual([
      [1, ['01214960000', '', 'x']],
      [2, ['01214960001', 'y']],
    ]);
  });

  it('drops a byte order mark, in text or in bytes', async () => {
    expect(await records('\uFEFFnumber;name\r\n01214960000;Zoë\r\n')).toEqual([
      [1, ['number', 'name']],
      [2, ['01214960000', 'Zoë']],
    ]);
    expect(await records([Buffer.from('\uFEFF01214960000\n')])).toEqual([[1, ['01214960000']]]);
  });

  it('reads a stream of chunks split anywhere (inside a CRLF, a quoted field, a character)', async () => {
    const bytes = Buffer.from('number;name\r\n"0121;4960000";Zoë\r\n01214960001;"A\r\nB"\r\n01214960002;C');
    const chunks = Array.from({ length: Math.ceil(bytes.length / 3) }, (_, i) => bytes.subarray(i * 3, i * 3 + 3));
    const expected = [
      [1, ['number', 'name']],
      [2, ['0121;4960000', 'Zoë']],
      [3, ['01214960001', 'A\nB']],
      [5, ['01214960002', 'C']],
    ];
    expect(await records(chunks)).toEqual(expected);
    expect(await records(Readable.from(chunks))).toEqual(expected);
  });

  it('gives the first column of each record', async () => {
    const firsts: Array<{ line: number; value: string }> = [];
    for await (const first of firstColumn(readCsv('a,b\n\n,c\nd'))) firsts.push(first);
    expect(firsts).toEqual([
      { line: 1, value: 'a' },
      { line: 3, value: '' },
      { line: 4, value: 'd' },
    ]);
  });
});

describe('readNumbersCsv', () => {
  it('skips a first record without digits and empty first columns; removes spaces', async () => {
    expect(await readNumbersCsv('Number,Name\n0121 496 0000,Bob\n,x\nname\n', 'numbers')).toEqual([
      { line: 2, number: '01214960000' },
      { line: 4, number: 'name' },
    ]);
    expect(await readNumbersCsv('01214960000\n01214960001', 'numbers')).toEqual([
      { line: 1, number: '01214960000' },
      { line: 2, number: '01214960001' },
    ]);
  });

  it('refuses a file that is no CSV with the spec’s file message', async () => {
    for (const text of ['01214960000\n"01214960001\n01214960002\n', '01214960000\n"0121"4960001\n']) {
      const error = await readNumbersCsv(text, 'numbers').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        statusCode: 400,
        message: MESSAGES.invalidFileFormat,
        validation: { numbers: MESSAGES.invalidFileFormat },
      });
    }
  });
});
