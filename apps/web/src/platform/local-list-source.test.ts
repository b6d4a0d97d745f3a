import { describe, expect, it } from 'vitest';
import { localListSource, pageOf } from './local-list-source.ts';

const rows = [
  { id: 1, extension: 210, nickname: 'Van 1' },
  { id: 2, extension: 201, nickname: 'Reception' },
  { id: 3, extension: 1000, nickname: 'van 2' },
];

describe('pageOf', () => {
  it('pages, counting every record found', () => {
    const page = pageOf(rows, { offset: 1, limit: 1 });
    expect(page).toEqual({ records: [rows[1]], totalRecords: 3, lastPage: false });
    expect(pageOf(rows, { offset: 2, limit: 1 }).lastPage).toBe(true);
    expect(pageOf(rows, { offset: -1, limit: -1 }).records).toHaveLength(3);
  });

  it('sorts numbers as numbers and texts naturally, either way', () => {
    const up = pageOf(rows, { offset: 0, limit: 10, sortBy: 'extension', direction: 'asc' });
    expect(up.records.map((r) => r.extension)).toEqual([201, 210, 1000]);
    const down = pageOf(rows, { offset: 0, limit: 10, sortBy: 'nickname', direction: 'desc' });
    expect(down.records.map((r) => r.nickname)).toEqual(['van 2', 'Van 1', 'Reception']);
  });

  it('searches case-insensitively in the texts given, before paging', () => {
    const found = pageOf(rows, { offset: 0, limit: 1, search: 'VAN' }, { search: (r) => [r.nickname] });
    expect(found.totalRecords).toBe(2);
    expect(found.records).toHaveLength(1);
    expect(pageOf(rows, { offset: 0, limit: 10, search: '1000' }, { search: (r) => [r.nickname] }).totalRecords).toBe(
      0,
    );
    expect(pageOf(rows, { offset: 0, limit: 10, search: '1000' }).totalRecords).toBe(1);
  });
});

describe('localListSource', () => {
  it('loads the whole list and answers the page asked for', async () => {
    let loads = 0;
    const source = localListSource(['k'], async () => {
      loads += 1;
      return { records: rows };
    });
    expect(source.invalidates).toEqual([['k']]);
    const page = await source.fetch({ offset: 0, limit: 2, sortBy: 'extension', direction: 'desc' });
    expect(page.records.map((r) => r.id)).toEqual([3, 1]);
    expect(loads).toBe(1);
  });
});
