import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
// s3rver ships no types; it is the S3-compatible server that runs here (see the environment notes).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver');
import { itListsAFolderInOrder, itListsFolders } from './listing-behaviour';
import { S3FaultFront } from './s3-fault-front';
import { DELETE_ATTEMPTS, S3Storage } from './s3-storage';
import { FilesNotDeletedError, StorageUnavailableError, VersionedBucketError } from './storage-unavailable';

const bucket = 'exports-test';
// s3rver's fixed development credentials.
const clientAt = (port: number) => ({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
const key = 'exports/prj_1/test/psn_1/exp_1.pdf';
// These tests prove what the store answers, not how fast: on CI's loaded cores one check
// through the fault front once took over a second and was aborted. Jest's own bound is 5 s.
const checkBound = () => AbortSignal.timeout(4_000);

describe('S3Storage against s3rver', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let storage: S3Storage;
  let port: number;

  beforeAll(async () => {
    ({ port } = await server.run());
    storage = new S3Storage(bucket, clientAt(port));
  });
  afterAll(async () => {
    storage.close();
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('stores and reads back an object with its type and size', async () => {
    await storage.put(key, Buffer.from('%PDF-1.7 s3'), 'application/pdf');
    const object = await storage.get(key);
    expect({ contentType: object?.contentType, bytes: object?.bytes }).toEqual({ contentType: 'application/pdf', bytes: 11 });
    expect(await text(object!.body)).toBe('%PDF-1.7 s3');
    expect(await storage.get('exports/prj_1/test/psn_1/none.pdf')).toBeNull();
  });

  // s3rver checks a presigned link's expiry but does not compute SigV4 signatures, so
  // refusing an altered link is S3's own behaviour and is not proven here.
  it('presigns a download link that serves the file as an attachment until it expires', async () => {
    await storage.put(key, Buffer.from('%PDF-1.7 s3'), 'application/pdf');
    const link = await storage.downloadLink(key, 'Spring sale.pdf', new Date(Date.now() + 60_000));
    const response = await fetch(link.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.7 s3');
    expect(response.headers.get('content-disposition')).toContain('filename="Spring sale.pdf"');
    const shortLived = await storage.downloadLink(key, 'Spring sale.pdf', new Date(Date.now() + 1_000));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await fetch(shortLived.url)).status).toBe(403);
  });

  it('signs links for the public address when the services reach the store at another', async () => {
    const internal = clientAt(port);
    const published = new S3Storage(bucket, internal, { ...internal, endpoint: `http://localhost:${port}` });
    try {
      await published.put(key, Buffer.from('%PDF-1.7 public'), 'application/pdf');
      const link = await published.downloadLink(key, 'Spring sale.pdf', new Date(Date.now() + 60_000));
      expect(new URL(link.url).host).toBe(`localhost:${port}`);
      expect(await (await fetch(link.url)).text()).toBe('%PDF-1.7 public');
    } finally {
      published.close();
    }
  });

  it('deletes one object and nothing beside it, and deleting a missing one is not a failure', async () => {
    await storage.put('exports/prj_1/test/psn_3/exp_1.pdf', Buffer.from('a'), 'application/pdf');
    await storage.put('exports/prj_1/test/psn_3/exp_2.pdf', Buffer.from('b'), 'application/pdf');
    await storage.delete('exports/prj_1/test/psn_3/exp_1.pdf');
    await storage.delete('exports/prj_1/test/psn_3/exp_1.pdf');
    expect(await storage.get('exports/prj_1/test/psn_3/exp_1.pdf')).toBeNull();
    expect(await storage.get('exports/prj_1/test/psn_3/exp_2.pdf')).not.toBeNull();
  });

  it('deletes every object under a prefix and nothing else', async () => {
    await storage.put('images/prj_1/test/psn_1/img_1.png', Buffer.from('a'), 'image/png');
    await storage.put('images/prj_1/test/psn_2/img_2.png', Buffer.from('b'), 'image/png');
    await storage.deletePrefix('images/prj_1/test/psn_1/');
    expect(await storage.get('images/prj_1/test/psn_1/img_1.png')).toBeNull();
    expect(await storage.get('images/prj_1/test/psn_2/img_2.png')).not.toBeNull();
  });

  it('moves an object to another key, with its type, and the first key is gone', async () => {
    await storage.put('staging/prj_1/test/psn_4/img_1.png', Buffer.from('png'), 'image/png');
    await storage.move('staging/prj_1/test/psn_4/img_1.png', 'images/prj_1/test/psn_4/img_1.png');
    expect(await storage.get('staging/prj_1/test/psn_4/img_1.png')).toBeNull();
    const moved = await storage.get('images/prj_1/test/psn_4/img_1.png');
    expect({ type: moved?.contentType, text: moved && (await text(moved.body)) }).toEqual({ type: 'image/png', text: 'png' });
    await expect(storage.move('staging/prj_1/test/psn_4/none.png', 'images/prj_1/test/psn_4/none.png')).rejects.toThrow(StorageUnavailableError);
  });

  // s3rver deletes every key of a DeleteObjects and has no versioning, so these go through
  // S3FaultFront, which answers per-key errors and versioning as S3 does (see its comment).
  describe('behind a front that answers as S3 does where s3rver cannot', () => {
    let front: S3FaultFront;
    let behind: S3Storage;

    beforeEach(async () => {
      front = new S3FaultFront(port);
      behind = new S3Storage(bucket, clientAt(await front.start()));
    });
    afterEach(async () => {
      behind.close();
      await front.stop();
    });

    // Before: the erasure listed the prefix again until it was empty, and one key the store
    // would not delete kept it listing and deleting for ever, with no error (this test timed out).
    it('reports a key the store will not delete after asking for it three times, and deletes the rest', async () => {
      const keys = ['a', 'b', 'c'].map((name) => `images/prj_1/test/psn_5/img_${name}.png`);
      for (const each of keys) await behind.put(each, Buffer.from('x'), 'image/png');
      front.refusals.set(keys[1], Infinity);
      const failure = await behind.deletePrefix('images/prj_1/test/psn_5/').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(FilesNotDeletedError);
      expect((failure as FilesNotDeletedError).files).toEqual([{ key: keys[1], code: 'AccessDenied', message: 'Access Denied' }]);
      expect((failure as Error).message).toBe(`the store could not delete files: 1 not deleted after 3 attempts each, the first ${keys[1]}: AccessDenied Access Denied`);
      expect(Object.fromEntries(front.deleteAsks)).toEqual({ [keys[0]]: 1, [keys[1]]: DELETE_ATTEMPTS, [keys[2]]: 1 });
      expect(await storage.get(keys[0])).toBeNull();
      expect(await storage.get(keys[2])).toBeNull();
      // Once the store lets it go, asking again deletes it.
      front.refusals.clear();
      await behind.deletePrefix('images/prj_1/test/psn_5/');
      expect(await storage.get(keys[1])).toBeNull();
    }, 10_000);

    it('deletes a key the store refused once and then took, without an error', async () => {
      const key = 'images/prj_1/test/psn_6/img_1.png';
      await behind.put(key, Buffer.from('x'), 'image/png');
      front.refusals.set(key, 1);
      await behind.deletePrefix('images/prj_1/test/psn_6/');
      expect(await storage.get(key)).toBeNull();
      expect(front.deleteAsks.get(key)).toBe(2);
    });

    // A delete in a versioned bucket only adds a marker: the erasure would remove nothing.
    it.each(['Enabled', 'Suspended'] as const)('refuses a bucket whose versioning is %s: not ready, and deletes nothing', async (status) => {
      const key = 'images/prj_1/test/psn_7/img_1.png';
      await behind.put(key, Buffer.from('x'), 'image/png');
      front.versioning = status;
      await expect(behind.check(checkBound())).rejects.toThrow(VersionedBucketError);
      await expect(behind.check(checkBound())).rejects.toThrow(`bucket ${bucket} has versioning ${status}`);
      await expect(behind.deletePrefix('images/prj_1/test/psn_7/')).rejects.toThrow(VersionedBucketError);
      await expect(behind.delete(key)).rejects.toThrow(VersionedBucketError);
      expect(front.deleteAsks.size).toBe(0);
      expect(await storage.get(key)).not.toBeNull();
    });
  });

  itListsAFolderInOrder(() => storage);
  itListsFolders(() => storage);

  it('checks that the bucket answers', async () => {
    await expect(storage.check(checkBound())).resolves.toBeUndefined();
    const missing = new S3Storage('no-such-bucket', clientAt(port));
    try {
      await expect(missing.check(checkBound())).rejects.toThrow(StorageUnavailableError);
    } finally {
      missing.close();
    }
  });

  it('fails every operation with StorageUnavailableError while the store is away', async () => {
    // A port nothing listens on any more, as a store that went down leaves it.
    const gone = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    const { port: gonePort } = await gone.run();
    await gone.close();
    const away = new S3Storage(bucket, clientAt(gonePort));
    try {
      await expect(away.check(checkBound())).rejects.toThrow(StorageUnavailableError);
      await expect(away.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow(StorageUnavailableError);
      await expect(away.get(key)).rejects.toThrow(StorageUnavailableError);
      await expect(away.deletePrefix('exports/prj_1/test/psn_1/')).rejects.toThrow(StorageUnavailableError);
    } finally {
      away.close();
    }
  });
});
