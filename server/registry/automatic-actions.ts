/**
 * The automatic actions Deskbase runs, as GLPI 10.0's install lists them in glpi_crontasks: its
 * ids, classes and names, their frequencies in seconds, run modes (1 internal, 2 external) and
 * log lifetimes in days. Deskbase runs each of them every minute whatever the frequency says;
 * the rows show scripts when they last ran (`lastrun`), and a task switched off (`state` 0, as
 * an imported GLPI database may have it) does not run.
 */
export interface CronTaskSpec {
  id: number;
  itemtype: string;
  name: string;
  frequency: number;
  mode: 1 | 2;
  logsLifetime: number;
  /** GLPI's `param` (mailgate: the most mails one run imports per collector). */
  param?: number;
}

const task = (id: number, itemtype: string, name: string, frequency: number, mode: 1 | 2 = 1, logsLifetime = 30): CronTaskSpec => ({ id, itemtype, name, frequency, mode, logsLifetime });

export const CRON_TASKS = {
  mailgate: { ...task(9, 'MailCollector', 'mailgate', 600), param: 10 },
  closeticket: task(15, 'Ticket', 'closeticket', 43_200),
  slaticket: task(17, 'SlaLevel_Ticket', 'slaticket', 300),
  createinquest: task(18, 'Ticket', 'createinquest', 86_400),
  recurrentItems: task(20, 'CommonITILRecurrentCron', 'RecurrentItems', 3_600),
  olaticket: task(32, 'OlaLevel_Ticket', 'olaticket', 300),
  pendingReasons: task(42, 'PendingReasonCron', 'pendingreason_autobump_autosolve', 1_800, 2, 60),
} as const satisfies Record<string, CronTaskSpec>;
