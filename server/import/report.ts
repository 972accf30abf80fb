/** The final report of an import, as printed for the admin. */
import type { Plan } from './plan';
import type { TableProgress } from './state';

export interface ImportReport {
  source: string;
  glpiVersion: string;
  target: string | null;
  dryRun: boolean;
  seconds: number;
  plan: Plan;
  /** Per imported table (itemtype name → progress), in import order. */
  tables: { itemtype: string; table: string; progress: TableProgress }[];
  /** Findings about the whole run (settings not taken and the like). */
  notes: string[];
}

const MAX_NOTES = 20;

export function formatReport(r: ImportReport): string {
  const rows = r.tables.reduce((n, t) => n + t.progress.rows, 0);
  const lines: string[] = [];
  const verb = r.dryRun ? 'would import' : 'imported';
  lines.push(
    `deskbase: ${verb} GLPI ${r.glpiVersion} from ${r.source}${r.target ? ` into ${r.target}` : ''}: ${rows.toLocaleString('en')} rows in ${r.seconds.toFixed(1)} s`,
  );
  const width = Math.max(...r.tables.map((t) => t.itemtype.length), 8);
  lines.push(`  ${'itemtype'.padEnd(width)}  ${'rows'.padStart(9)}  skipped`);
  for (const t of r.tables) {
    const skipped = Object.values(t.progress.skipped).reduce((n, s) => n + s.count, 0);
    if (t.progress.rows === 0 && skipped === 0) continue;
    lines.push(`  ${t.itemtype.padEnd(width)}  ${String(t.progress.rows).padStart(9)}  ${skipped || ''}`);
  }
  const skips = r.tables.flatMap((t) =>
    Object.entries(t.progress.skipped).map(([reason, s]) => `  ${t.itemtype}: ${s.count} × ${reason} (GLPI ids ${s.examples.join(', ')}${s.count > s.examples.length ? ', …' : ''})`),
  );
  if (skips.length) lines.push('Rows skipped:', ...skips);
  const notes = [...r.tables.flatMap((t) => t.progress.notes), ...r.notes];
  const omitted = r.tables.reduce((n, t) => n + t.progress.omitted, 0) + Math.max(0, notes.length - MAX_NOTES);
  if (notes.length) {
    lines.push('To look at:', ...notes.slice(0, MAX_NOTES).map((n) => `  ${n}`));
    if (omitted) lines.push(`  … and ${omitted} more`);
  }
  const dropped = r.plan.tables.flatMap((t) => t.dropped.map((column) => `${t.type.table}.${column}`));
  if (dropped.length) lines.push(`GLPI columns Deskbase does not keep, not imported: ${dropped.join(', ')}`);
  const left = [...r.plan.plugins.map((t) => `${t.table} (plugin)`), ...r.plan.unserved.map((t) => t.table)];
  if (left.length) {
    const about = [...r.plan.plugins, ...r.plan.unserved].reduce((n, t) => n + t.approxRows, 0);
    lines.push(`Not imported (tables Deskbase does not serve, about ${about.toLocaleString('en')} rows): ${left.join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
