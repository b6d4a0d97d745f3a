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

describe('loadConfig file store', () => {
  it('keeps files in a local folder by default: FILE_STORE_DIR (relative to INIT_CWD), else DATA_DIR/files', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'local', dir: undefined });
    expect(loadConfig({ FILE_STORE: 'local', INIT_CWD: '/srv/panel', FILE_STORE_DIR: 'media' }).fileStore).toEqual({
      kind: 'local',
      dir: path.resolve('/srv/panel/media'),
    });
  });

  it('keeps them in an S3 bucket with FILE_STORE=s3, path style for another server unless told otherwise', () => {
    const s3 = {
      FILE_STORE: 's3',
      S3_BUCKET: 'panel-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).fileStore).toEqual({
      kind: 's3',
      bucket: 'panel-files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'eu-west-2' }).fileStore).toMatchObject({
      region: 'eu-west-2',
      forcePathStyle: false,
    });
    // AWS itself: virtual-hosted buckets, and the SDK's own credentials (a role) when no key is given.
    expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'panel-files', S3_REGION: 'eu-west-2' }).fileStore).toEqual({
      kind: 's3',
      bucket: 'panel-files',
      region: 'eu-west-2',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses an unknown store, a bucket missing, and half a key pair, naming the setting', () => {
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow(/FILE_STORE must be 'local' or 's3'/);
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });
});
