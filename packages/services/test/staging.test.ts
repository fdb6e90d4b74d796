// Who owns an upload staging directory: the start-up sweep empties only those of processes known
// to be gone, never one of a process that runs, nor one it cannot check.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { newStagedUploadKey, stagingOwner, uploadStagingFolder } from '../src/corpus/staging';

const host = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_');

it("names this process's folder uploads/<host>~<pid>~<tag>/ and knows it as its own", () => {
  const [root, name, rest] = uploadStagingFolder().split('/');
  expect([root, rest]).toEqual(['uploads', '']);
  expect(name).toMatch(new RegExp(`^${host.replace(/\./g, '\\.')}~${process.pid}~[0-9a-f]{8}$`));
  expect(stagingOwner(name!)).toBe('self');
});

it('names each staged upload in that folder by a new corpus file id', () => {
  const [first, second] = [newStagedUploadKey(), newStagedUploadKey()];
  expect(first).not.toBe(second);
  expect(first.startsWith(uploadStagingFolder())).toBe(true);
  expect(first.slice(uploadStagingFolder().length)).toMatch(/^file-[0-9a-f]{16}$/);
});

it('tells a process of this host that runs from one that is gone', () => {
  expect(stagingOwner(`${host}~${process.ppid}~0123abcd`)).toBe('running');
  const ended = spawnSync(process.execPath, ['-e', '']).pid;
  expect(stagingOwner(`${host}~${ended}~0123abcd`)).toBe('gone');
  // Its own pid under another tag: an earlier process that had this pid (a restarted container).
  expect(stagingOwner(`${host}~${process.pid}~0123abcd`)).toBe('gone');
});

it('cannot tell for another host or a name it did not make', () => {
  expect(stagingOwner(`another-host~${process.pid}~0123abcd`)).toBe('unknown');
  for (const name of ['uploads', `${host}~abc~0123abcd`, `${host}~12`, `${host}~12~ab~cd`, `${host}~0~ab`]) {
    expect({ name, owner: stagingOwner(name) }).toEqual({ name, owner: 'unknown' });
  }
});
