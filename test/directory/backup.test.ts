/**
 * The key sealing directories' root DN passwords travels with the data: a folder restored from a
 * `deskbase backup` (made while the server runs) still signs directory users in.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli';
import { Client } from '../support/client';
import { startServer, TestServer } from '../support/server';
import { Slapd, slapdMissing } from '../support/slapd';
import { basic, FIXTURE, FIXTURE_SCHEMAS, officeDirectory } from './helpers';

if (slapdMissing) test.skip(`directory backup: ${slapdMissing}`, () => {});

describe.skipIf(slapdMissing !== null)('the sealing key in backups', () => {
  const slapd = new Slapd();
  const scratch = mkdtempSync(join(tmpdir(), 'deskbase-directory-backup-'));
  let original: TestServer;
  let restored: TestServer | null = null;

  beforeAll(async () => {
    await slapd.start(FIXTURE, { schemas: FIXTURE_SCHEMAS });
    original = await startServer();
  });
  afterAll(async () => {
    await original?.dispose();
    await restored?.dispose();
    rmSync(scratch, { recursive: true, force: true });
    await slapd.stop();
  });

  test('backup and restore carry secret.key: the restored folder unseals the root DN password', async () => {
    const admin = await new Client(original.api).login();
    await admin.create('AuthLDAP', officeDirectory(slapd));
    const key = join(original.dataDir, 'secret.key');
    expect(statSync(key).mode & 0o777).toBe(0o600);
    const target = join(scratch, 'backup');
    expect((await runCli(['backup', target, '--data', original.dataDir])).code).toBe(0);
    expect(readFileSync(join(target, 'secret.key'))).toEqual(readFileSync(key));
    const dataDir = join(scratch, 'restored');
    expect((await runCli(['restore', target, '--data', dataDir])).code).toBe(0);
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(true);
    restored = new TestServer(dataDir, {});
    await restored.start();
    const res = await new Client(restored.api).get('initSession', { anonymous: true, headers: { Authorization: basic('alice', 'alice-pass') } });
    expect(res.status).toBe(200);
  });
});
