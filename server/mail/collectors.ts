/**
 * MailCollector rows, written with GLPI's `config` right: the host string must name an IMAP
 * mailbox (./host.ts); the password (`passwd`, never returned) is sealed with the data folder's
 * key before it is stored, and an empty one sent on update keeps the stored one (as GLPI's form);
 * `_blank_passwd` clears it. Read, a collector also shows its last run and last error.
 */
import { openSecret, sealSecret } from '../core/secrets';
import type { Params } from '../core/params';
import type { Db } from '../db/connection';
import { run, selectAll, selectOne, type Row } from '../db/rows';
import { secretKey } from '../db/secret-key';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { parseMailbox } from './host';

function checkHost(host: unknown): void {
  if (host === undefined) return;
  const parsed = parseMailbox(String(host ?? ''));
  if (!parsed.ok) throw new ItemError(`Field host: ${parsed.message}`);
}

function sealedPassword(wc: WriteContext, input: Params): string | null | undefined {
  if (input._blank_passwd !== undefined && Number(input._blank_passwd) === 1) return null;
  const given = input.passwd;
  if (given === undefined || given === null || given === '') return undefined;
  if (typeof given !== 'string') throw new ItemError('Field passwd must be a string');
  return sealSecret(secretKey(wc.services.store.dataDir), given);
}

/** The stored password in clear, for the IMAP login; null when none or not readable with this data folder's key. */
export function collectorPassword(dataDir: string, collector: Row): string | null {
  const sealed = collector.passwd;
  if (typeof sealed !== 'string' || sealed === '') return null;
  return openSecret(secretKey(dataDir), sealed);
}

/** A collector's last run and error, from Deskbase's own table. */
export function lastRun(db: Db, collectorId: number): Row {
  const state = selectOne(db, 'SELECT last_run, tickets, followups, refused, last_error, last_error_date FROM deskbase_mailcollector_runs WHERE mailcollectors_id = ?', collectorId);
  return {
    last_run: state?.last_run ?? null,
    last_run_counts: { tickets: Number(state?.tickets ?? 0), followups: Number(state?.followups ?? 0), refused: Number(state?.refused ?? 0) },
    last_error: state?.last_error ?? null,
    last_error_date: state?.last_error_date ?? null,
  };
}

export const mailCollectorHooks: ItemHooks = {
  prepareAdd(wc, _type, row, input) {
    if (row.host === undefined) throw new ItemError('Field host is mandatory: {server:port/imap/ssl}INBOX');
    checkHost(row.host);
    const sealed = sealedPassword(wc, input);
    if (sealed !== undefined) row.passwd = sealed;
  },
  prepareUpdate(wc, _type, _old, changes, input) {
    checkHost(changes.host);
    const sealed = sealedPassword(wc, input);
    if (sealed !== undefined) changes.passwd = sealed;
  },
  afterPurge(wc, _type, row) {
    run(wc.db, 'DELETE FROM deskbase_mailcollector_runs WHERE mailcollectors_id = ?', Number(row.id));
  },
  readExtras: (db, row) => lastRun(db, Number(row.id)),
};

/**
 * What /health says of the mail collectors: how many are active and how many failed their last
 * run; with `detailed` (a session that may configure), which ones and why. Null without any.
 */
export function mailCollectorHealth(db: Db, detailed: boolean): Record<string, unknown> | null {
  const active = selectAll(db, 'SELECT c.id, c.name, c.errors, r.last_error, r.last_error_date FROM glpi_mailcollectors c LEFT JOIN deskbase_mailcollector_runs r ON r.mailcollectors_id = c.id WHERE c.is_active = 1 ORDER BY c.id');
  if (active.length === 0) return null;
  const failing = active.filter((c) => Number(c.errors) > 0);
  const summary: Record<string, unknown> = { active: active.length, failing: failing.length };
  if (detailed) summary.failures = failing.map((c) => ({ id: Number(c.id), name: c.name, errors: Number(c.errors), last_error: c.last_error ?? null, last_error_date: c.last_error_date ?? null }));
  return summary;
}
