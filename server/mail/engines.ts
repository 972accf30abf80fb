/**
 * What the mail collectors use of the other domains, handed in by the composition root
 * (hook-table.ts, installed by serve.ts and each request-serving thread), since domains do not
 * import each other: the rules engine for `RuleMailCollector`, and the documents' check of an
 * uploaded file for attachments.
 */
import type { Db } from '../db/connection';
import type { Upload, WriteContext } from '../items/hooks';

export interface MailEngines {
  /** What the `RuleMailCollector` rules set for a mail's facts, and the rule that matched. */
  routeMail(db: Db, facts: Record<string, unknown>): { output: Record<string, unknown>; rule: { id: number; name: string } | null };
  /** Checks a file as an upload would be (type, size, content); throws ItemError when refused. */
  checkUpload(wc: WriteContext, upload: Upload): Promise<unknown>;
}

let installed: MailEngines | null = null;

export function installMailEngines(engines: MailEngines): void {
  installed = engines;
}

export function mailEngines(): MailEngines {
  if (!installed) throw new Error('the mail engines are not installed (see hook-table.ts MAIL_ENGINES)');
  return installed;
}
