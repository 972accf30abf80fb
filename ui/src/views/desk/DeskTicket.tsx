import { api, type Item } from '../../data/api';
import { useApi } from '../../data/use-api';
import { Notice } from '../../components/Notice';
import { RichText } from '../../components/RichText';
import { t } from '../../lib/i18n';
import { CREATE, ITIL_STATUS, can, enumOf } from '../../lib/itemtypes';
import { href } from '../../lib/router';
import { isMyRequest } from '../../data/desk';
import { useSession } from '../../data/session';
import { DocumentLink } from '../items/Documents';
import { ApprovalForm, ReplyForm, SurveyForm } from './TicketActions';

/** ITILSolution.status: waiting for the requester's answer. */
const SOLUTION_WAITING = 2;

interface Entry {
  key: string;
  kind: 'description' | 'followup' | 'solution' | 'document';
  date: string;
  mine: boolean;
  html?: string;
  document?: { id: number; name: string };
  detail?: string;
}

interface Loaded {
  ticket: Item;
  entries: Entry[];
  /** A solution waits for this user's answer: they are a requester of the solved ticket. */
  waitingForMe: boolean;
  /** The satisfaction survey of my closed ticket, when one was drawn. */
  survey: { id: number; satisfaction: number | null; comment: string; answered: boolean } | null;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The documents an item was read with (`with_documents`), as timeline entries. */
function documentsOf(item: Item, prefix: string, me: number): Entry[] {
  return (Array.isArray(item._documents) ? (item._documents as Item[]) : []).map((d): Entry => ({
    key: `d${prefix}${d.id}`, kind: 'document', date: text(d.date_creation ?? d.date_mod), mine: Number(d.users_id) === me, document: { id: d.id, name: text(d.filename || d.name) },
  }));
}

/** The ticket and its public timeline, the description first, then the rest by date. */
async function loadTicket(id: number, me: number): Promise<Loaded> {
  const [ticket, followups, solutions, requester] = await Promise.all([
    api.get('Ticket', id, { with_documents: true }),
    api.subItems('Ticket', id, 'ITILFollowup'),
    api.subItems('Ticket', id, 'ITILSolution'),
    isMyRequest(id),
  ]);
  const solutionStatus = new Map(enumOf('ITILSolution', 'status') ?? []);
  const publicFollowups = followups.filter((f) => Number(f.is_private) !== 1);
  // A reply's files hang on the followup (read with it: no document right needed).
  const followupFiles = await Promise.all(publicFollowups.map((f) => api.get('ITILFollowup', f.id, { with_documents: true }).then((read) => documentsOf(read, `f${f.id}-`, me), () => [])));
  const rest: Entry[] = [
    ...publicFollowups.map((f): Entry => ({ key: `f${f.id}`, kind: 'followup', date: text(f.date ?? f.date_creation), mine: Number(f.users_id) === me, html: text(f.content) })),
    ...solutions.map((s): Entry => ({ key: `s${s.id}`, kind: 'solution', date: text(s.date_creation), mine: false, html: text(s.content), detail: solutionStatus.get(Number(s.status)) })),
    ...documentsOf(ticket, '', me),
    ...followupFiles.flat(),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key));
  const description: Entry = { key: 'description', kind: 'description', date: text(ticket.date), mine: Number(ticket.users_id_recipient) === me, html: text(ticket.content) };
  const waitingForMe = requester && Number(ticket.status) === ITIL_STATUS.SOLVED && solutions.some((s) => Number(s.status) === SOLUTION_WAITING);
  return { ticket, entries: [description, ...rest], waitingForMe, survey: requester && Number(ticket.status) === ITIL_STATUS.CLOSED ? await surveyOf(id) : null };
}

/** The ticket's survey (GLPI draws at most one), as its requester answers it. */
async function surveyOf(id: number): Promise<Loaded['survey']> {
  const [survey] = await api.subItems('Ticket', id, 'TicketSatisfaction').catch(() => [] as Item[]);
  if (!survey) return null;
  const rating = survey.satisfaction === null || survey.satisfaction === undefined ? null : Number(survey.satisfaction);
  return { id: survey.id, satisfaction: rating, comment: text(survey.comment), answered: survey.date_answered !== null && survey.date_answered !== undefined };
}

/** A requester's ticket: its state, its public timeline, and what they may do next. */
export function DeskTicket({ id }: { id: number }) {
  const { info, scope } = useSession();
  const { data: loaded, error, reload } = useApi(() => loadTicket(id, info.userId), [id, scope]);

  if (error && !loaded) return <div class="page"><Notice kind="error">{error}</Notice></div>;
  if (!loaded) return <div class="page"><p role="status">{t('Loading…')}</p></div>;
  const { ticket, entries, waitingForMe, survey } = loaded;
  const status = Number(ticket.status);
  const mayAnswer = can(info.activeProfile, 'ITILFollowup', CREATE);
  return (
    <div class="page desk-ticket">
      <p><a href={href(['tickets'])}>{t('My tickets')}</a></p>
      <h1 translate={false}>{text(ticket.name)}</h1>
      <p class="muted">
        #{ticket.id} · <span class="desk-status">{new Map(enumOf('Ticket', 'status') ?? []).get(status) ?? ''}</span>
      </p>
      <ol class="desk-timeline" aria-label={t('Timeline')}>
        {entries.map((e) => <TimelineEntry key={e.key} entry={e} />)}
      </ol>
      {mayAnswer && waitingForMe && <ApprovalForm ticketId={id} onDone={reload} />}
      {survey?.answered && (
        <p class="desk-survey-answer">{t('Your satisfaction: {n}/5', { n: survey.satisfaction ?? 0 })}</p>
      )}
      {survey && !survey.answered && <SurveyForm survey={survey} onDone={reload} />}
      {mayAnswer && status !== ITIL_STATUS.SOLVED && status !== ITIL_STATUS.CLOSED && <ReplyForm ticketId={id} onDone={reload} />}
    </div>
  );
}

const KIND_LABEL = { description: 'Description', followup: 'Followup', solution: 'Solution', document: 'Document' } as const;

function TimelineEntry({ entry }: { entry: Entry }) {
  return (
    <li class={`desk-entry desk-entry-${entry.kind}${entry.mine ? ' desk-entry-mine' : ''}`}>
      <div class="followup-head">
        <strong>{t(KIND_LABEL[entry.kind])}</strong> · {entry.mine ? t('You') : t('Service desk')} · <time>{entry.date}</time>
        {entry.detail && <> · {entry.detail}</>}
      </div>
      {entry.document ? <DocumentLink id={entry.document.id} name={entry.document.name} /> : <RichText class="rich-text followup-body" html={entry.html ?? ''} />}
    </li>
  );
}
