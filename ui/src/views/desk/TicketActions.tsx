import { useState } from 'preact/hooks';
import { api, errorText } from '../../data/api';
import { Notice } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { RichEditor } from '../../components/RichEditor';
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

/** A followup on my ticket, in rich text, with files (each becomes a Document of the followup; no document right needed). */
export function ReplyForm({ ticketId, onDone }: { ticketId: number; onDone: () => void }) {
  const { busy, error, send } = useSend(onDone);
  const [empty, setEmpty] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  return (
    <form class="panel desk-form desk-reply" aria-busy={busy} onSubmit={(e) => {
      e.preventDefault();
      const form = e.currentTarget;
      const data = new FormData(form);
      const content = String(data.get('content') ?? '');
      setEmpty(content === '');
      if (content === '') return;
      const files = data.getAll('files').filter((f): f is File => f instanceof File && f.name !== '');
      const input = { itemtype: 'Ticket', items_id: ticketId, content };
      void send(async () => {
        if (files.length === 0) return api.create('ITILFollowup', input);
        const sent = await api.createWithFiles('ITILFollowup', input, files);
        setRefused(sent.files.filter((f) => f.error).map((f) => t('{name} was not attached: {error}', { name: f.name, error: f.error ?? '' })));
      }, form);
    }}>
      <h2>{t('Reply')}</h2>
      {error && <Notice kind="error">{error}</Notice>}
      {empty && <Notice kind="error">{t('Write your message.')}</Notice>}
      {refused.map((message) => <Notice key={message} kind="error">{message}</Notice>)}
      <RichEditor id="reply-content" name="content" label={t('Your message')} />
      <label class="field">
        <span>{t('Attachments')}</span>
        <input type="file" name="files" multiple />
      </label>
      <div class="form-actions">
        <button type="submit" disabled={busy}>{t('Send')}</button>
      </div>
    </form>
  );
}

/** The satisfaction survey of my closed ticket (GLPI's TicketSatisfaction): a rating from 0 to 5 and a comment. */
export function SurveyForm({ survey, onDone }: { survey: { id: number; satisfaction: number | null; comment: string }; onDone: () => void }) {
  const { busy, error, send } = useSend(onDone);
  return (
    <form class="panel desk-form desk-survey" aria-busy={busy} onSubmit={(e) => {
      e.preventDefault();
      const data = new FormData(e.currentTarget);
      const input = { satisfaction: Number(data.get('satisfaction') ?? 0), comment: String(data.get('comment') ?? '').trim() };
      void send(() => api.update('TicketSatisfaction', survey.id, input), e.currentTarget);
    }}>
      <h2>{t('How satisfied are you?')}</h2>
      {error && <Notice kind="error">{error}</Notice>}
      <fieldset class="desk-rating">
        <legend>{t('Satisfaction (0 to 5)')}</legend>
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input type="radio" name="satisfaction" value={String(n)} required defaultChecked={survey.satisfaction === n} /> {n}
          </label>
        ))}
      </fieldset>
      <label class="field">
        <span>{t('Comment')}</span>
        <textarea name="comment" rows={3} defaultValue={survey.comment} />
      </label>
      <div class="form-actions">
        <button type="submit" disabled={busy}>{t('Send my answer')}</button>
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
