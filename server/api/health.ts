/**
 * GET|HEAD /health: for load balancers, container orchestrators and monitoring. No session, no
 * app token; it answers whether this process can still read its database, cheaply enough to be
 * polled every few seconds (one indexed read, one stat: no integrity check). A session that may
 * change the configuration (Super-Admin) also sees the last scheduled backup.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { now } from '../core/clock';
import { probe, type Db } from '../db/connection';
import { VERSION } from '../core/version';
import { UPDATE } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { sessionScope } from '../auth/session-scope';
import type { Services } from '../auth/services';
import type { Settings } from '../db/settings';
import { mailEnabled, transportProblem } from '../notify/mailer';
import { queueState } from '../notify/queue';
import { mailCollectorHealth } from '../mail/collectors';

export interface HealthTarget {
  db: Db;
  dataDir: string;
  settings: Settings;
}

/** When this server started, by the injected clock (uptime follows a test clock too). */
let startedAt = now();

/** Called once the server is up, after the clock is set (a request-serving thread: with the server's start). */
export function markStarted(at = now()): number {
  startedAt = at;
  return at;
}

export interface Health {
  status: 'ok' | 'error';
  version: string;
  database: 'ok' | 'error';
  uptime_s: number;
  reason?: string;
  /** Shown while e-mail notifications are on: whether mail leaves, and the queue waiting. */
  mail?: MailHealth;
}

export interface MailHealth {
  status: 'ok' | 'error';
  /** Mails waiting in the queue (events whose mails are not queued yet counted as one each), and those of them whose sending already failed. */
  queued: number;
  failing: number;
  reason?: string;
}

/** Mail cannot leave with the settings, or queued mails failed: the queue grows until it does. */
function mailHealth(target: HealthTarget): MailHealth {
  const { queued, failing } = queueState(target.db);
  const reason = transportProblem(target.settings) ?? (failing ? `${failing} queued mail(s) could not be sent and wait for another attempt (the server's log says why)` : null);
  return reason ? { status: 'error', queued, failing, reason } : { status: 'ok', queued, failing };
}

/** null when the database answers, else why not. */
function databaseProblem(target: HealthTarget): string | null {
  try {
    // The server keeps its connection open: a deleted or replaced file would go unnoticed by the
    // read below while every write ends up in an unlinked file.
    if (!statSync(join(target.dataDir, 'deskbase.sqlite')).isFile()) return 'database file is not a regular file';
  } catch {
    return 'database file is missing from the data folder';
  }
  try {
    probe(target.db);
    return null;
  } catch (error) {
    return `database is unreachable: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export function checkHealth(target: HealthTarget): Health {
  const problem = databaseProblem(target);
  const uptime_s = Math.max(0, Math.floor((now() - startedAt) / 1000));
  if (problem !== null) return { status: 'error', version: VERSION, database: 'error', uptime_s, reason: problem };
  if (!mailEnabled(target.settings)) return { status: 'ok', version: VERSION, database: 'ok', uptime_s };
  return { status: 'ok', version: VERSION, database: 'ok', uptime_s, mail: mailHealth(target) };
}

/** The last scheduled backup, as /health shows it. */
export interface LastBackup {
  /** When it was taken (ISO 8601, by the server clock). */
  time: string;
  /** The backup folder made; null when it failed. */
  path: string | null;
  /** Database and document bytes; null when it failed. */
  bytes: number | null;
  result: 'ok' | 'error';
  /** Why it failed. */
  message?: string;
}

/** Does the request (its headers, its query `search`) carry the session of someone allowed to change the configuration? */
export function mayConfigure(services: Services, request: Request, search: string): boolean {
  const token = request.headers.get('session-token') ?? new URLSearchParams(search).get('session_token');
  const opened = token ? sessionScope(services, token.trim()) : null;
  return opened !== null && hasRight(opened.scope, 'config', UPDATE);
}

/**
 * `lastBackup` is shown when given (null: none yet), left out when undefined. With active mail
 * collectors, `mail_collectors` counts them and those whose last run failed (a mailbox problem
 * does not make the server unhealthy); `configure` (a session that may) also names the failures.
 */
export function healthResponse(target: HealthTarget, method: string, lastBackup?: LastBackup | null, configure = false): Response {
  const method_ = method.toUpperCase();
  const headers = { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  if (method_ !== 'GET' && method_ !== 'HEAD') {
    return new Response(JSON.stringify(['ERROR', 'Method not allowed: use GET or HEAD']), { status: 405, headers: { ...headers, Allow: 'GET, HEAD' } });
  }
  const health = checkHealth(target);
  const status = health.status === 'ok' ? 200 : 503;
  const mail = health.status === 'ok' ? mailCollectorHealth(target.db, configure) : null;
  const body = { ...health, ...(lastBackup === undefined ? {} : { last_backup: lastBackup }), ...(mail ? { mail_collectors: mail } : {}) };
  return new Response(method_ === 'HEAD' ? null : JSON.stringify(body), { status, headers });
}
