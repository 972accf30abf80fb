import type { ComponentChildren } from 'preact';
import { Notice } from '../../components/Notice';
import { t } from '../../lib/i18n';

export interface Row {
  key: string | number;
  cells: ComponentChildren[];
}

/** A section's table: named for screen readers (and captioned when asked), one header a column. */
export function DataTable({ label, caption, headers, rows }: { label: string; caption?: boolean; headers: string[]; rows: Row[] }) {
  return (
    <table class="list" aria-label={label}>
      {caption && <caption>{label}</caption>}
      <thead>
        <tr>
          {headers.map((h) => (
            <th scope="col" key={h}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a section shows until its data is there: the load's error, or that it is loading. */
export function Pending({ error }: { error: string }) {
  return error ? <Notice kind="error">{error}</Notice> : <p role="status">{t('Loading…')}</p>;
}
