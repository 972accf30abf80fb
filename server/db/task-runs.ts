import { nowString } from '../core/clock';
import { inTransaction, type Db } from './connection';
import { run } from './rows';

/**
 * Notes on each task's glpi_crontasks row the minute it started (`lastrun`), as GLPI notes an
 * automatic action that ran. In a transaction of its own, so the cached reads of the table see it.
 */
export function noteTaskRuns(db: Db, tasks: readonly { itemtype: string; name: string }[]): void {
  const minute = `${nowString().slice(0, 16)}:00`;
  inTransaction(db, () => {
    for (const task of tasks) run(db, 'UPDATE glpi_crontasks SET lastrun = ? WHERE itemtype = ? AND name = ?', minute, task.itemtype, task.name);
  });
}
