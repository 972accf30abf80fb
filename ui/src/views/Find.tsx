import { useApi } from '../data/use-api';
import { api, type Criterion, errorText, type SearchResult } from '../data/api';
import { Notice } from '../components/Notice';
import { t } from '../lib/i18n';
import { typeDef } from '../lib/itemtypes';
import { href } from '../lib/router';
import { useSession } from '../data/session';

/**
 * What the global search box looks through: name, serial and inventory number of every asset,
 * ticket titles and numbers (`11` or `#11`), user logins, names and e-mail addresses.
 */
const SCOPES: { itemtype: string; label: string; fields: number[]; show: string[]; byNumber?: boolean }[] = [
  { itemtype: 'AllAssets', label: 'Assets', fields: [1, 5, 6], show: ['1', '5', '6'] },
  { itemtype: 'Ticket', label: 'Tickets', fields: [1], show: ['1'], byNumber: true },
  { itemtype: 'User', label: 'Users', fields: [1, 34, 9, 5], show: ['1', '34', '9'] },
];

/** Search option 2: the id (a ticket's number). */
const ID_FIELD = 2;
/** A number as people type it: `11` or `#11`. */
const NUMBER = /^#?(\d+)$/;

const anyOf = (fields: number[], q: string): Criterion[] => fields.map((field, i) => ({ link: i ? 'OR' : 'AND', field, searchtype: 'contains', value: q }));

/** The criteria of one scope: any of its fields contains the text, or (tickets) the number is the id. */
function criteriaOf(scope: (typeof SCOPES)[number], q: string): Criterion[] {
  const number = scope.byNumber ? NUMBER.exec(q.trim()) : null;
  const text = anyOf(scope.fields, q);
  // The id option takes `contains` only: anchored (GLPI's ^…$), it is this number and no longer one.
  return number ? [...text, { link: 'OR', field: ID_FIELD, searchtype: 'contains', value: `^${number[1]}$` }] : text;
}

/** Results of the header's search box, by kind. */
export function Find({ q }: { q: string }) {
  const { scope } = useSession();
  const found = useApi(
    () =>
      Promise.all(
        SCOPES.map((s): Promise<SearchResult | string> => {
          const display = Object.fromEntries([...s.show, '2'].map((id, i) => [`forcedisplay[${i}]`, id]));
          return api.search(s.itemtype, criteriaOf(s, q), { range: '0-19', ...display }).catch((e: unknown) => errorText(e));
        }),
      ),
    [q, scope],
  );
  // A new search blanks the previous results.
  const results = found.loading ? null : found.data;

  return (
    <div class="page">
      <h1>{t('Search: “{text}”', { text: q })}</h1>
      {!results && <p role="status">{t('Searching…')}</p>}
      {results?.map((r, i) => {
        const s = SCOPES[i]!;
        return (
          <section key={s.itemtype} aria-label={t(s.label)} class="find-section">
            <h2>
              {t(s.label)} {typeof r !== 'string' && <span class="muted">({r.total})</span>}
            </h2>
            {typeof r === 'string' ? (
              <Notice kind="info">{r}</Notice>
            ) : !r.rows.length ? (
              <p class="muted">{t('Nothing found.')}</p>
            ) : (
              <ul class="linked-items">
                {r.rows.map((row) => {
                  // AllAssets rows say which type they are; the others are of the section's type.
                  const type = s.itemtype === 'AllAssets' ? String(row.itemtype ?? row.TYPE ?? '') : s.itemtype;
                  const extra = s.show.slice(1).map((c) => row[c]).filter((v) => v !== null && v !== undefined && v !== '');
                  return (
                    <li key={`${type}${String(row['2'])}`}>
                      {s.itemtype === 'AllAssets' && type && <span class="badge">{typeDef(type).label}</span>}{' '}
                      {type ? <a href={href([type, Number(row['2'])])}>{String(row['1'] ?? `#${String(row['2'])}`)}</a> : String(row['1'] ?? '')}
                      {extra.length > 0 && <span class="muted"> · {extra.join(' · ')}</span>}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
