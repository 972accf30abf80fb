import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Item } from '../api';
import { Notice } from '../components/Notice';

/** The followups of a ticket, problem or change, and a form to add one. */
export function Followups({ itemtype, id, canAdd }: { itemtype: string; id: number; canAdd: boolean }) {
  const [followups, setFollowups] = useState<Item[] | null>(null);
  const [error, setError] = useState('');
  const [content, setContent] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    api
      .subItems(itemtype, id, 'ITILFollowup', { expand_dropdowns: true, range: '0-999' })
      .then((list) => live && setFollowups([...list].sort((a, b) => String(a.date ?? '').localeCompare(String(b.date ?? '')) || a.id - b.id)))
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [itemtype, id, reload]);

  const add = async (e: Event) => {
    e.preventDefault();
    if (!content.trim()) {
      setError('Write the followup first.');
      return;
    }
    setBusy(true);
    setError('');
    setMessage('');
    try {
      await api.create('ITILFollowup', { itemtype, items_id: id, content, is_private: isPrivate ? 1 : 0 });
      setContent('');
      setPrivate(false);
      setMessage('Followup added.');
      setReload((r) => r + 1);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="followups" aria-label="Followups">
      {followups === null && !error && <p role="status">Loading…</p>}
      {followups && !followups.length && <p class="empty">No followup yet.</p>}
      {followups && followups.length > 0 && (
        <ol class="timeline">
          {followups.map((f) => (
            <li key={f.id} class="followup">
              <div class="followup-head">
                <strong>{String(f.users_id || 'Unknown user')}</strong>
                <time>{String(f.date ?? f.date_creation ?? '')}</time>
                {Number(f.is_private) === 1 && <span class="badge">Private</span>}
              </div>
              <div class="followup-body">{String(f.content ?? '')}</div>
            </li>
          ))}
        </ol>
      )}
      {message && <Notice kind="success">{message}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      {canAdd && (
        <form class="followup-form" onSubmit={add}>
          <div class="field field-wide">
            <label for="followup-content">New followup</label>
            <textarea id="followup-content" rows={4} value={content} onInput={(e) => setContent(e.currentTarget.value)} />
          </div>
          <div class="form-actions">
            <div class="field field-check">
              <input id="followup-private" type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.currentTarget.checked)} />
              <label for="followup-private">Private</label>
            </div>
            <button type="submit" disabled={busy}>
              {busy ? 'Adding…' : 'Add followup'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
