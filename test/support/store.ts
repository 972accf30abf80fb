import { afterAll, beforeAll } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../server/db';
import type { Db } from '../../server/db/connection';

/**
 * A fresh data folder opened in this process for the tests of one file (no server): the store is
 * opened before them and closed, its folder removed, after them.
 */
export function useStore(name: string): { readonly store: Store; readonly db: Db } {
  const dir = mkdtempSync(join(tmpdir(), `deskbase-${name}-`));
  let store: Store | null = null;
  beforeAll(async () => {
    store = (await openStore(dir, `${name}-test-pass`)).store;
  });
  afterAll(() => {
    store?.db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const opened = (): Store => {
    if (!store) throw new Error('the store opens before the tests');
    return store;
  };
  return {
    get store() {
      return opened();
    },
    get db() {
      return opened().db;
    },
  };
}

/** Sets global settings (glpi_configs, context core) straight in the store's database. */
export function setSettings(store: Store, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) store.db.query("UPDATE glpi_configs SET value = ? WHERE context = 'core' AND name = ?").run(value, name);
  store.settings.invalidate();
}
