import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath, localDataDir, REPO_ROOT } from './paths';

describe('localDataDir', () => {
  it('is .local/ in the repo unless LOCAL_DATA_DIR says otherwise', () => {
    expect(localDataDir({})).toBe(path.join(REPO_ROOT, '.local'));
    expect(localDataDir({ LOCAL_DATA_DIR: '' })).toBe(path.join(REPO_ROOT, '.local'));
  });

  it('takes an absolute folder as it is and a relative one from the repo root, not the working directory', () => {
    expect(localDataDir({ LOCAL_DATA_DIR: '/tmp/lf-fresh' })).toBe('/tmp/lf-fresh');
    expect(localDataDir({ LOCAL_DATA_DIR: '.local-fresh' })).toBe(path.join(REPO_ROOT, '.local-fresh'));
    expect(localDataDir({ LOCAL_DATA_DIR: '../elsewhere/' })).toBe(path.resolve(REPO_ROOT, '../elsewhere'));
  });
});

describe('displayPath', () => {
  it('shows folders of the repo relative to it and the others in full', () => {
    expect(displayPath(path.join(REPO_ROOT, '.local', 'logs'))).toBe(path.join('.local', 'logs'));
    expect(displayPath('/tmp/lf-fresh/logs')).toBe('/tmp/lf-fresh/logs');
    expect(displayPath(path.resolve(REPO_ROOT, '..', 'x'))).toBe(path.resolve(REPO_ROOT, '..', 'x'));
  });
});
