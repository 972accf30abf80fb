import { useState } from 'preact/hooks';
import { api, errorText } from '../../data/api';
import { Notice } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { textToHtml } from './newticket';

/** Runs one answer at a time and keeps its error. */
function useSend(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const send = async (write: () => Promise<unknown>, form: HTMLFormElement) => {
    setBusy(true);
    setError('');
    try {
      await write();
      form.reset();
      onDone();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, send };
}

/** A followup on my ticket. */
export function ReplyForm({ ticketId, onDone }: { ticketId: number; onDone: () => void }) {
  const { busy, error, send } = useSend(onDone);
  return (
    <form class="panel desk-form" aria-busy={busy} onSubmit={(e) => {
      e.preventDefault();
      const form = e.currentTarget;
      const content = String(new FormData(form).get('content') ?? '');
      void send(() => api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticketId, content: textToHtml(content) }), form);
    }}>
      <h2>{t('Reply')}</h2>
      {error && <Notice kind="error">{error}</Notice>}
      <label class="field">
        <span>{t('Your message')}</span>
        <textarea name="content" rows={4} required />
      </label>
      <div class="form-actions">
        <button type="submit" disabled={busy}>{t('Send')}</button>
      </div>
    </form>
  );
}

/** Approve the solution (the ticket closes) or refuse it with a reason (it reopens): GLPI's add_close / add_reopen followup. */
export function ApprovalForm({ ticketId, onDone }: { ticketId: number; onDone: () => void }) {
  const { busy, error, send } = useSend(onDone);
  const [missingReason, setMissingReason] = useState(false);
  const answer = (form: HTMLFormElement, accept: boolean) => {
    const comment = String(new FormData(form).get('comment') ?? '').trim();
    setMissingReason(!accept && !comment);
    if (!accept && !comment) return;
    const input = { itemtype: 'Ticket', items_id: ticketId, content: comment ? textToHtml(comment) : '', [accept ? 'add_close' : 'add_reopen']: 1 };
    void send(() => api.create('ITILFollowup', input), form);
  };
  return (
    <form class="panel desk-form desk-approval" aria-busy={busy} onSubmit={(e) => e.preventDefault()}>
      <h2>{t('A solution waits for your approval')}</h2>
      {error && <Notice kind="error">{error}</Notice>}
      {missingReason && <Notice kind="error">{t('Say why you refuse the solution.')}</Notice>}
      <label class="field">
        <span>{t('Comment')}</span>
        <textarea name="comment" rows={3} />
      </label>
      <div class="form-actions">
        <button type="button" disabled={busy} onClick={(e) => answer(e.currentTarget.form!, true)}>{t('Approve the solution')}</button>
        <button type="button" class="secondary" disabled={busy} onClick={(e) => answer(e.currentTarget.form!, false)}>{t('Refuse the solution')}</button>
      </div>
    </form>
  );
}
