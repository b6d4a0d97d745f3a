import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('loadConfig paths', () => {
  it('resolves relative DATA_DIR and WEB_DIST against INIT_CWD (where `npm start` was typed)', () => {
    const config = loadConfig({ INIT_CWD: '/srv/panel', DATA_DIR: 'state/db', WEB_DIST: '../web-build' });
    expect(config.dataDir).toBe(path.resolve('/srv/panel/state/db'));
    expect(config.webDist).toBe(path.resolve('/srv/web-build'));
  });

  it('falls back to the working directory without INIT_CWD', () => {
    const config = loadConfig({ DATA_DIR: 'state/db', WEB_DIST: 'dist' });
    expect(config.dataDir).toBe(path.resolve(process.cwd(), 'state/db'));
    expect(config.webDist).toBe(path.resolve(process.cwd(), 'dist'));
  });

  it('keeps absolute paths as given', () => {
    const config = loadConfig({ INIT_CWD: '/srv/panel', DATA_DIR: '/var/lib/sb', WEB_DIST: '/opt/sb/web' });
    expect(config.dataDir).toBe(path.resolve('/var/lib/sb'));
    expect(config.webDist).toBe(path.resolve('/opt/sb/web'));
  });

  it('defaults to the repository folders, and an empty WEB_DIST serves the API alone', () => {
    const config = loadConfig({ INIT_CWD: '/srv/panel' });
    expect(config.dataDir).toBe(path.join(root, 'data'));
    expect(config.webDist).toBe(path.join(root, 'apps/web/dist'));
    expect(loadConfig({ WEB_DIST: '' }).webDist).toBe('');
  });
});

describe('loadConfig amounts', () => {
  it('bounds a balance adjustment at £1,000 unless BALANCE_ADJUSTMENT_MAX_POUNDS says otherwise', () => {
    expect(loadConfig({}).maxAdjustmentPence).toBe(100_000);
    expect(loadConfig({ BALANCE_ADJUSTMENT_MAX_POUNDS: '250.50' }).maxAdjustmentPence).toBe(25_050);
    expect(() => loadConfig({ BALANCE_ADJUSTMENT_MAX_POUNDS: '0' })).toThrow();
    expect(() => loadConfig({ BALANCE_ADJUSTMENT_MAX_POUNDS: 'lots' })).toThrow();
  });
});
