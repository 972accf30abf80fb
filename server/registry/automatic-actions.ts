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
  /** GLPI's parameter of the task (the mails sent per run, the days sent mails are kept, the mails one mailgate run imports per collector), or null. */
  param: number | null;
  /** Off (`state` 0) in GLPI's install, until an administrator turns it on. */
  off?: boolean;
}

const task = (id: number, itemtype: string, name: string, frequency: number, mode: 1 | 2 = 1, logsLifetime = 30, param: number | null = null): CronTaskSpec => ({
  id,
  itemtype,
  name,
  frequency,
  mode,
  logsLifetime,
  param,
});

export const CRON_TASKS = {
  contract: task(4, 'Contract', 'contract', 86_400),
  infocom: task(5, 'Infocom', 'infocom', 86_400),
  mailgate: task(9, 'MailCollector', 'mailgate', 600, 1, 30, 10),
  reservation: task(14, 'ReservationItem', 'reservation', 3_600),
  closeticket: task(15, 'Ticket', 'closeticket', 43_200),
  slaticket: task(17, 'SlaLevel_Ticket', 'slaticket', 300),
  createinquest: task(18, 'Ticket', 'createinquest', 86_400),
  queuednotification: task(22, 'QueuedNotification', 'queuednotification', 60, 1, 30, 50),
  queuednotificationclean: task(23, 'QueuedNotification', 'queuednotificationclean', 86_400, 1, 30, 30),
  recurrentItems: task(20, 'CommonITILRecurrentCron', 'RecurrentItems', 3_600),
  olaticket: task(32, 'OlaLevel_Ticket', 'olaticket', 300),
  // Param: the users warned per run.
  passwordexpiration: { ...task(36, 'User', 'passwordexpiration', 86_400, 2, 30, 100), off: true },
  pendingReasons: task(42, 'PendingReasonCron', 'pendingreason_autobump_autosolve', 1_800, 2, 60),
  // GLPI 10.0's stale agents' clean-up (inventory settings stale_agents_*).
  cleanOldAgents: task(43, 'Agent', 'Cleanoldagents', 86_400, 2),
  // Deskbase's own (GLPI replays a dictionary in the browser, with a progress bar): id 1001, far
  // from GLPI's, taken only when free.
  replayDictionary: task(1001, 'RuleCollection', 'replaydictionary', 60),
  // GLPI 11's webhook sender (ids are GLPI 11's auto-increment: Deskbase takes 1002 and 1003 when free); param: deliveries per run.
  queuedwebhook: task(1002, 'QueuedWebhook', 'queuedwebhook', 60, 1, 30, 50),
  // And its clean-up: param, the days done deliveries stay in the log.
  queuedwebhookclean: task(1003, 'QueuedWebhook', 'queuedwebhookclean', 86_400, 1, 30, 30),
  // The directory synchronisation, daily (GLPI 10.0 has no task for it, only its command): 1004 when free.
  ldapsync: task(1004, 'AuthLDAP', 'ldapsync', 86_400),
} as const satisfies Record<string, CronTaskSpec>;
