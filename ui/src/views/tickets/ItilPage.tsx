import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Item, type SearchOption } from '../../data/api';
import { Outcome } from '../../components/Notice';
import { RichEditor } from '../../components/RichEditor';
import { RichText } from '../../components/RichText';
import { t } from '../../lib/i18n';
import { usePanel } from '../../data/panel';
import { useLeaveGuard } from '../../lib/leave-guard';
import { showDate } from '../../lib/dates';
import { Actors } from './Actors';
import { History } from '../items/History';
import { ItilSide } from './ItilSide';
import { LinkedItems } from './LinkedItems';
import { LinkedTickets } from './LinkedTickets';
import { Timeline } from './Timeline';

interface Props {
  itemtype: string;
  item: Item;
  names: Item | null;
  options: Record<string, SearchOption>;
  profile: Record<string, unknown>;
  /** The session may update it (and it is not in the trash). */
  editable: boolean;
  /** It takes answers (not in the trash). */
  open: boolean;
  /** Bumped after each change (the history reloads). */
  changes: number;
  /** Bumped by a live event about the item: the timeline reads itself again. */
  changedElsewhere: number;
  onChange: () => Promise<void>;
  /** The form of the item's other fields. */
  children: ComponentChildren;
}

/** The current time as the API writes dates (the browser's clock, in its zone). */
function nowText(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * A ticket, problem or change on one page: its description, then its timeline and the answer form;
 * beside them its properties, due dates, actors, linked items and linked tickets, each edited in
 * place as the session's rights allow; its other fields and its history below.
 */
export function ItilPage({ itemtype, item, names, options, profile, editable, open, changes, changedElsewhere, onChange, children }: Props) {
  return (
    <div class="itil-page">
      <div class="itil-main">
        <Description itemtype={itemtype} item={item} editable={editable} onChange={onChange} />
        <Timeline itemtype={itemtype} id={item.id} options={options} status={Number(item.status)} canAdd={open} onChange={onChange} changedElsewhere={changedElsewhere} />
        <details class="more itil-more">
          <summary>{t('Other fields')}</summary>
          {children}
        </details>
        <details class="more itil-history">
          <summary>{t('History')}</summary>
          <History itemtype={itemtype} id={item.id} options={options} reload={changes} />
        </details>
      </div>
      <aside class="itil-side" aria-label={t('Properties')}>
        <ItilSide itemtype={itemtype} item={item} names={names} options={options} editable={editable} profile={profile} now={nowText()} onChange={onChange} />
        <section class="side-section">
          <h2>{t('Actors')}</h2>
          <Actors itemtype={itemtype} id={item.id} editable={editable} onChange={onChange} />
        </section>
        <section class="side-section">
          <h2>{t('Linked items')}</h2>
          <LinkedItems itemtype={itemtype} id={item.id} editable={editable} />
        </section>
        {itemtype === 'Ticket' && (
          <section class="side-section">
            <h2>{t('Linked tickets')}</h2>
            <LinkedTickets id={item.id} editable={editable} />
          </section>
        )}
      </aside>
    </div>
  );
}

/** The item's description, shown formatted and edited in place in the rich-text editor. */
function Description({ itemtype, item, editable, onChange }: { itemtype: string; item: Item; editable: boolean; onChange: () => Promise<void> }) {
  const [draft, setDraft] = useState<string | null>(null);
  const { message, error, write } = usePanel(onChange);
  useLeaveGuard(draft !== null && draft !== String(item.content ?? ''));
  const save = () =>
    void write(() => api.update(itemtype, item.id, { content: draft ?? '' }), t('Description saved.')).then((ok) => ok && setDraft(null));
  return (
    <section class="itil-description" aria-label={t('Description')}>
      <div class="followup-head">
        <span class="badge kind-description">{t('Description')}</span>
        <time dateTime={String(item.date ?? '')}>{showDate(item.date)}</time>
      </div>
      <Outcome message={message} error={error} />
      {draft === null ? (
        <>
          <RichText class="followup-body rich-text" html={String(item.content ?? '')} />
          {editable && (
            <button type="button" class="secondary" onClick={() => setDraft(String(item.content ?? ''))}>
              {t('Edit the description')}
            </button>
          )}
        </>
      ) : (
        <>
          <RichEditor id="description-editor" label={t('Description')} value={draft} onChange={setDraft} item={{ itemtype, id: item.id }} code />
          <div class="form-actions">
            <button type="button" onClick={save}>
              {t('Save the description')}
            </button>
            <button type="button" class="secondary" onClick={() => setDraft(null)}>
              {t('Cancel')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
