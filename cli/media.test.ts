import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type TestS3, startTestS3 } from '../server/test/s3';

/** Runs the CLI in its own process (async, so the in-test S3 server keeps answering meanwhile). */
function saathi(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), path.resolve(import.meta.dirname, 'index.ts'), ...args], {
      env: { PATH: process.env.PATH ?? '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

let s3: TestS3;
let dataDir: string;
before(async () => {
  s3 = await startTestS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-media-cli-'));
});
after(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('saathi media migrate', () => {
  test('copies the data directory’s photos to the bucket, says what it did, and a second run copies nothing', async () => {
    const seeded = await saathi(['seed', '--profiles', '4'], { DATA_DIR: dataDir });
    assert.equal(seeded.status, 0, seeded.stderr);
    const files = fs.readdirSync(path.join(dataDir, 'media')).filter((f) => f.endsWith('.jpg')).sort();
    assert.ok(files.length >= 3, `seeded photos: ${files.length}`);

    const noBucket = await saathi(['media', 'migrate', '--to', 's3'], { DATA_DIR: dataDir });
    assert.equal(noBucket.status, 1);
    assert.match(noBucket.stderr.trim(), /^Error: Copying media to or from S3 needs the bucket: set S3_BUCKET/);
    const wrong = await saathi(['media', 'migrate', '--to', 'ftp'], { DATA_DIR: dataDir });
    assert.equal(wrong.status, 1);
    assert.equal(wrong.stderr.trim(), 'Error: --to ftp is not a media store: use --to s3 or --to local');

    // The bucket's settings, with the servers still on the local store.
    const env = { DATA_DIR: dataDir, ...s3.env, MEDIA_STORE: 'local' };
    const first = await saathi(['media', 'migrate', '--to', 's3'], env);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, new RegExp(`Copied ${files.length} objects \\(\\d+\\.\\d MB\\), 0 were already there and identical; every copy was read back and matched\\.`));
    assert.match(first.stdout, /Next: set MEDIA_STORE=s3 for every server and restart them, then run this command once more/);
    assert.deepEqual(await s3.keys(), files.map((f) => `media/${f}`));
    for (const file of files) assert.ok((await s3.object(`media/${file}`))?.equals(fs.readFileSync(path.join(dataDir, 'media', file))), file);

    const second = await saathi(['media', 'migrate', '--to', 's3'], { ...env, MEDIA_STORE: 's3' });
    assert.equal(second.status, 0, second.stderr);
    assert.match(second.stdout, new RegExp(`Copied 0 objects \\(0\\.0 MB\\), ${files.length} were already there and identical`));
    assert.match(second.stdout, /The servers already use the bucket; the source files are kept\./);
    assert.equal(fs.readdirSync(path.join(dataDir, 'media')).filter((f) => f.endsWith('.jpg')).length, files.length, 'the source is kept');

    // A database backup says that the photos in the bucket are not in it.
    const backup = await saathi(['backup', path.join(dataDir, 'db.backup')], { ...env, MEDIA_STORE: 's3' });
    assert.equal(backup.status, 0, backup.stderr);
    assert.match(backup.stdout, new RegExp(`^Photos are in the bucket ${s3.settings.bucket} \\(MEDIA_STORE=s3\\) and are not in this backup`, 'm'));
  });

  test('serve refuses a bucket that does not exist, in one sentence, before opening the database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-media-serve-'));
    try {
      const res = await saathi(['serve', '--port', '0'], { DATA_DIR: dir, ...s3.env, S3_BUCKET: 'not-there' });
      assert.equal(res.status, 1);
      assert.match(res.stderr, /^Error: Saathi cannot start: the S3 bucket not-there at http:\/\/127\.0\.0\.1:\d+ does not exist: create it, or correct S3_BUCKET \/ S3_ENDPOINT\.$/m);
      assert.doesNotMatch(res.stderr, /NodeVersionSupportWarning|\n\s+at /, 'no SDK noise, no stack trace');
      assert.equal(fs.existsSync(path.join(dir, 'saathi.sqlite')), false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
