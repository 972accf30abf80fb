import { useState } from 'preact/hooks';
import { api, type Item, type SearchOption } from '../../data/api';
import { usePanel } from '../../data/panel';
import { useApi } from '../../data/use-api';
import { Outcome } from '../../components/Notice';
import { Picker } from '../../components/Picker';
import { ValueSelect } from '../../components/ValueSelect';
import { t } from '../../lib/i18n';
import { enumOf, ITIL_STATUS } from '../../lib/itemtypes';
import { DocumentLink } from '../items/Documents';
import { RichText } from '../../components/RichText';
import { RichEditor } from '../../components/RichEditor';
import { documentsIn } from '../../lib/html';
import { showDate } from '../../lib/dates';
import { logRows } from '../items/History';
import { useSession } from '../../data/session';
import { useLeaveGuard } from '../../lib/leave-guard';

type Kind = 'followup' | 'task' | 'solution' | 'document' | 'status' | 'validation';

interface Entry {
  key: string;
  kind: Kind;
  date: string;
  author: string;
  isPrivate: boolean;
  text: string;
  /** A short line under the author: duration and state of a task, approval of a solution… */
  detail?: string;
  documentId?: number;
  documentName?: string;
  /** A solution waiting for the requester's answer. */
  waiting?: boolean;
  /** An approval request waiting for this user's answer: its id. */
  approvalFor?: number;
}

/** TicketValidation.status: waiting for the approver. */
const APPROVAL_WAITING = 2;

const KIND_LABEL: Record<Kind, string> = {
  followup: 'Followup',
  task: 'Task',
  solution: 'Solution',
  document: 'Document',
  status: 'Status',
  validation: 'Approval',
};

/** Read at each use: the labels are in the user's language. */
const taskStates = () => enumOf('TicketTask', 'state')!.map(([v, l]) => [Number(v), l] as const);

const DURATIONS: [number, string][] = [
  [0, '—'],
  [900, '15 min'],
  [1800, '30 min'],
  [2700, '45 min'],
  [3600, '1 h'],
  [5400, '1 h 30'],
  [7200, '2 h'],
  [10800, '3 h'],
  [14400, '4 h'],
  [28800, '1 day (8 h)'],
];

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** An expanded user column; 0 (nobody) shows nothing. */
const person = (v: unknown) => (str(v) === '0' ? '' : str(v));
const label = (itemtype: string, field: string, value: unknown) => enumOf(itemtype, field)?.find(([v]) => String(v) === str(value))?.[1] ?? str(value);
const duration = (seconds: number) => t(DURATIONS.find(([s]) => s === seconds)?.[1] ?? `${Math.round(seconds / 60)} min`);
const sub = (itemtype: string, id: number, kind: string) =>
  api.subItems(itemtype, id, kind, { expand_dropdowns: true, range: '0-9999' }).catch(() => [] as Item[]);

/** Everything that happened on a ticket, problem or change, oldest first (after its description). */
async function loadEntries(itemtype: string, id: number, options: Record<string, SearchOption>, userId: number): Promise<Entry[]> {
  const ticket = itemtype === 'Ticket';
  const [followups, tasks, solutions, validations, approverIds, links, item] = await Promise.all([
    sub(itemtype, id, 'ITILFollowup'),
    ticket ? sub(itemtype, id, 'TicketTask') : Promise.resolve([]),
    sub(itemtype, id, 'ITILSolution'),
    ticket ? sub(itemtype, id, 'TicketValidation') : Promise.resolve([]),
    // The approvers' ids (the rows above carry their names).
    ticket ? api.subItems(itemtype, id, 'TicketValidation', { range: '0-9999' }).catch(() => [] as Item[]) : Promise.resolve([]),
    api.subItems(itemtype, id, 'Document_Item', { range: '0-9999' }).catch(() => [] as Item[]),
    api.get(itemtype, id, { with_logs: true }).catch(() => null),
  ]);
  const entries: Entry[] = [];
  for (const f of followups) {
    entries.push({ key: `f${f.id}`, kind: 'followup', date: str(f.date ?? f.date_creation), author: person(f.users_id), isPrivate: Number(f.is_private) === 1, text: str(f.content) });
  }
  for (const task of tasks) {
    const tech = person(task.users_id_tech);
    const parts = [label('TicketTask', 'state', task.state), Number(task.actiontime) ? duration(Number(task.actiontime)) : '', tech ? t('for {name}', { name: tech }) : ''];
    entries.push({ key: `t${task.id}`, kind: 'task', date: str(task.date ?? task.date_creation), author: person(task.users_id), isPrivate: Number(task.is_private) === 1, text: str(task.content), detail: parts.filter(Boolean).join(' · ') });
  }
  for (const s of solutions) {
    const type = str(s.solutiontypes_id);
    const parts = [type && type !== '0' ? type : '', label('ITILSolution', 'status', s.status)];
    entries.push({ key: `s${s.id}`, kind: 'solution', date: str(s.date_creation), author: person(s.users_id), isPrivate: false, text: str(s.content), detail: parts.filter(Boolean).join(' · '), waiting: Number(s.status) === 2 });
  }
  for (const v of validations) {
    const mine = Number(approverIds.find((r) => r.id === v.id)?.users_id_validate) === userId && Number(v.status) === APPROVAL_WAITING;
    const answer = str(v.comment_validation) ? ` · ${str(v.comment_validation)}` : '';
    entries.push({
      key: `v${v.id}`,
      kind: 'validation',
      date: str(v.submission_date ?? v.date_creation),
      author: person(v.users_id),
      isPrivate: false,
      text: str(v.comment_submission),
      detail: `${t('Approver: {name}', { name: str(v.users_id_validate) })} · ${label('TicketValidation', 'status', v.status)}${answer}`,
      approvalFor: mine ? v.id : undefined,
    });
  }
  // Images shown inside a text are not attachments of their own (as GLPI's timeline).
  const inline = new Set(entries.flatMap((e) => documentsIn(e.text)));
  const attached = links.filter((l) => !inline.has(Number(l.documents_id)));
  const documents = await Promise.all(attached.map((l) => api.get('Document', Number(l.documents_id)).catch(() => null)));
  documents.forEach((d, i) => {
    if (!d) return;
    entries.push({ key: `d${d.id}`, kind: 'document', date: str(attached[i]!.date_creation ?? d.date_creation), author: '', isPrivate: false, text: '', documentId: d.id, documentName: str(d.filename || d.name) });
  });
  const statusOption = Object.entries(options).find(([, o]) => o.uid === `${itemtype}.status`)?.[0];
  const logs = logRows(item) ?? [];
  for (const log of logs) {
    if (Number(log.linked_action) !== 0 || str(log.id_search_option) !== statusOption) continue;
    const change = `${label(itemtype, 'status', log.old_value) || '—'} → ${label(itemtype, 'status', log.new_value)}`;
    entries.push({ key: `l${log.id}`, kind: 'status', date: str(log.date_mod), author: str(log.user_name), isPrivate: false, text: change });
  }
  return entries.sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key));
}

interface Props {
  itemtype: string;
  id: number;
  options: Record<string, SearchOption>;
  status: number;
  canAdd: boolean;
  /** Called after each change (the item's status may have moved). */
  onChange: () => Promise<void>;
  /** Bumped when the item changed elsewhere (a live event): the timeline reads its entries again. */
  changedElsewhere?: number;
}

/** The timeline of an ITIL item and the forms that add to it. */
export function Timeline({ itemtype, id, options, status, canAdd, onChange, changedElsewhere = 0 }: Props) {
  const { info } = useSession();
  // Each write reloads the item (its status may move) and the timeline.
  const { message, error: written, reload, write: run } = usePanel(onChange);
  const loaded = useApi(() => loadEntries(itemtype, id, options, info.userId), [itemtype, id, options, reload, changedElsewhere]);
  const entries = loaded.data;
  const error = written || loaded.error;


  const waiting = status === ITIL_STATUS.SOLVED && entries?.some((e) => e.waiting);
  return (
    <section class="followups" aria-label={t('Timeline')}>
      <Outcome message={message} error={error} />
      {waiting && (
        <div class="approval" role="group" aria-label={t('Solution approval')}>
          <p>{t('A solution waits for the requester\'s answer.')}</p>
          <ApprovalForm itemtype={itemtype} id={id} run={run} />
        </div>
      )}
      {entries === null && !error && <p role="status">{t('Loading…')}</p>}
      {entries && !entries.length && <p class="empty">{t('Nothing has happened yet.')}</p>}
      {entries && entries.length > 0 && (
        <ol class="timeline">
          {entries.map((e) => (
            <li key={e.key} class={`followup entry-${e.kind}`} data-kind={e.kind}>
              <div class="followup-head">
                <span class={`badge kind-${e.kind}`}>{t(KIND_LABEL[e.kind])}</span>
                {e.author && <strong>{e.author}</strong>}
                <time dateTime={e.date}>{showDate(e.date)}</time>
                {e.isPrivate && <span class="badge badge-private">{t('Private')}</span>}
              </div>
              {e.detail && <div class="muted entry-detail">{e.detail}</div>}
              {e.documentId ? <DocumentLink id={e.documentId} name={e.documentName ?? ''} /> : <RichText class="followup-body rich-text" html={e.text} />}
              {e.approvalFor !== undefined && <ApprovalAnswer validationId={e.approvalFor} run={run} />}
            </li>
          ))}
        </ol>
      )}
      {canAdd && <Answer itemtype={itemtype} id={id} run={run} />}
    </section>
  );
}

type Run = (write: () => Promise<unknown>, done: string) => Promise<boolean>;

/** A comment and two answers (approve or refuse a solution, grant or refuse an approval); the comment empties once an answer is taken. */
function CommentedAnswer({ inputId, commentLabel, yes, no, onAnswer }: { inputId: string; commentLabel: string; yes: string; no: string; onAnswer: (accept: boolean, comment: string) => Promise<boolean> }) {
  const [comment, setComment] = useState('');
  const answer = (accept: boolean) => void onAnswer(accept, comment).then((ok) => ok && setComment(''));
  return (
    <>
      <div class="field field-wide">
        <label for={inputId}>{commentLabel}</label>
        <textarea id={inputId} rows={2} value={comment} onInput={(e) => setComment(e.currentTarget.value)} />
      </div>
      <div class="form-actions">
        <button type="button" onClick={() => answer(true)}>
          {yes}
        </button>
        <button type="button" class="secondary" onClick={() => answer(false)}>
          {no}
        </button>
      </div>
    </>
  );
}

function ApprovalForm({ itemtype, id, run }: { itemtype: string; id: number; run: Run }) {
  return (
    <CommentedAnswer
      inputId="approval-comment"
      commentLabel={t('Comment (optional)')}
      yes={t('Approve the solution')}
      no={t('Refuse the solution')}
      onAnswer={(accept, comment) =>
        run(
          () => api.create('ITILFollowup', { itemtype, items_id: id, content: comment, [accept ? 'add_close' : 'add_reopen']: 1 }),
          accept ? t('Solution approved.') : t('Solution refused.'),
        )
      }
    />
  );
}

/** The approver's answer to a request waiting for them: grant or refuse, with a comment (a refusal needs one: the API says so). */
function ApprovalAnswer({ validationId, run }: { validationId: number; run: Run }) {
  return (
    <div class="approval" role="group" aria-label={t('Your approval')}>
      <CommentedAnswer
        inputId={`approval-answer-${validationId}`}
        commentLabel={t('Comment')}
        yes={t('Grant the approval')}
        no={t('Refuse the approval')}
        onAnswer={(accept, comment) =>
          run(
            () => api.update('TicketValidation', validationId, { status: accept ? 3 : 4, comment_validation: comment }),
            accept ? t('Approval granted.') : t('Approval refused.'),
          )
        }
      />
    </div>
  );
}

/** The approvers a request goes to: a user, or each member of a group (as GLPI does for a group). */
async function approvers(kind: 'User' | 'Group', id: number): Promise<number[]> {
  if (kind === 'User') return [id];
  const members = (await api.subItems('Group', id, 'Group_User', { range: '0-9999' })).map((m) => Number(m.users_id));
  if (!members.length) throw new Error(t('This group has no member to ask.'));
  return members;
}

const ANSWERS = [
  ['followup', 'Followup', 'Add followup'],
  ['task', 'Task', 'Add task'],
  ['solution', 'Solution', 'Add solution'],
  ['document', 'Document', 'Add document'],
  ['validation', 'Approval', 'Ask for approval'],
] as const;
type AnswerKind = (typeof ANSWERS)[number][0];

/** A picked item: its id and the name shown. */
type Picked = { id: number; name: string };
const NONE: Picked = { id: 0, name: '' };

/** A task's own fields: duration (seconds), state, technician. */
interface TaskFields {
  actiontime: number;
  state: number;
  tech: Picked;
}

/** Who an approval request goes to: a user or every member of a group. */
interface ApproverChoice {
  kind: 'User' | 'Group';
  who: Picked;
}

/** One form for each kind of answer; tasks and approvals exist on tickets only. */
function Answer({ itemtype, id, run }: { itemtype: string; id: number; run: Run }) {
  const [kind, setKind] = useState<AnswerKind>('followup');
  const [content, setContent] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [task, setTask] = useState<TaskFields>({ actiontime: 0, state: 1, tech: NONE });
  const [solutionType, setSolutionType] = useState(NONE);
  const [files, setFiles] = useState<File[]>([]);
  const [approver, setApprover] = useState<ApproverChoice>({ kind: 'User', who: NONE });
  const [busy, setBusy] = useState(false);
  /** Answers sent: each empties the form with a new editor. */
  const [sent, setSent] = useState(0);
  useLeaveGuard(content.trim() !== '');
  const kinds = ANSWERS.filter(([k]) => (k !== 'task' && k !== 'validation') || itemtype === 'Ticket');

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    const link = { itemtype, items_id: id };
    const writes: Record<AnswerKind, [() => Promise<unknown>, string]> = {
      followup: [() => api.create('ITILFollowup', { ...link, content, is_private: isPrivate ? 1 : 0 }), t('Followup added.')],
      task: [
        () => api.create('TicketTask', { tickets_id: id, content, is_private: isPrivate ? 1 : 0, actiontime: task.actiontime, state: task.state, users_id_tech: task.tech.id }),
        t('Task added.'),
      ],
      solution: [() => api.create('ITILSolution', { ...link, content, solutiontypes_id: solutionType.id }), t('Solution added.')],
      document: [() => api.upload(files, link), t('Document attached.')],
      validation: [
        async () => {
          if (!approver.who.id) throw new Error(t('Choose an approver first.'));
          for (const user of await approvers(approver.kind, approver.who.id)) {
            await api.create('TicketValidation', { tickets_id: id, users_id_validate: user, comment_submission: content });
          }
        },
        t('Approval requested.'),
      ],
    };
    const [write, done] = writes[kind];
    if (await run(write, done)) {
      setContent('');
      setSent((n) => n + 1);
      setPrivate(false);
      setFiles([]);
      setApprover((a) => ({ ...a, who: NONE }));
    }
    setBusy(false);
  };

  return (
    <form class="followup-form" onSubmit={submit} aria-label={t('Answer')}>
      <div class="tabs answer-kinds" role="radiogroup" aria-label={t('Kind of answer')}>
        {kinds.map(([k, text]) => (
          <label key={k} class={kind === k ? 'chosen' : undefined}>
            <input type="radio" name="answer-kind" checked={kind === k} onChange={() => setKind(k)} /> {t(text)}
          </label>
        ))}
      </div>
      {kind === 'document' ? (
        <div class="field field-wide">
          <label for="answer-file">{t('Files')}</label>
          <input id="answer-file" type="file" multiple onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])} />
        </div>
      ) : (
        <AnswerText kind={kind} editorKey={`${kind}-${sent}`} content={content} onChange={setContent} item={{ itemtype, id }} />
      )}
      {kind === 'task' && <TaskFieldsForm task={task} onChange={setTask} />}
      {kind === 'validation' && <ApproverFields approver={approver} onChange={setApprover} />}
      {kind === 'solution' && (
        <div class="field">
          <label for="solution-type">{t('Solution type')}</label>
          <Picker id="solution-type" itemtype="SolutionType" value={solutionType.id} display={solutionType.name} onChange={(i, name) => setSolutionType({ id: i, name })} />
        </div>
      )}
      <div class="form-actions">
        {(kind === 'followup' || kind === 'task') && (
          <div class="field field-check">
            <input id="answer-private" type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.currentTarget.checked)} />
            <label for="answer-private">{t('Private')}</label>
          </div>
        )}
        <button type="submit" disabled={busy}>
          {busy ? t('Saving…') : t(kinds.find(([k]) => k === kind)![2])}
        </button>
      </div>
    </form>
  );
}

/** An answer's text: plain for an approval request's comment, rich for the others (a new editor per `editorKey`). */
function AnswerText({ kind, editorKey, content, onChange, item }: { kind: AnswerKind; editorKey: string; content: string; onChange: (text: string) => void; item: { itemtype: string; id: number } }) {
  return (
    <div class="field field-wide">
      {kind === 'validation' ? (
        <>
          <label for="answer-content">{t('Approval request comment')}</label>
          <textarea id="answer-content" rows={4} value={content} onInput={(e) => onChange(e.currentTarget.value)} />
        </>
      ) : (
        <RichEditor
          key={editorKey}
          id="answer-content"
          label={kind === 'task' ? t('Task description') : kind === 'solution' ? t('Solution description') : t('New followup')}
          value={content}
          onChange={onChange}
          item={item}
          code
        />
      )}
    </div>
  );
}

/** A task's duration, state and technician. */
function TaskFieldsForm({ task, onChange }: { task: TaskFields; onChange: (task: TaskFields) => void }) {
  return (
    <div class="form-grid">
      <div class="field">
        <label for="task-duration">{t('Duration')}</label>
        <ValueSelect id="task-duration" value={task.actiontime} choices={DURATIONS.map(([s, l]) => [s, t(l)] as const)} onChange={(actiontime) => onChange({ ...task, actiontime })} />
      </div>
      <div class="field">
        <label for="task-state">{t('State')}</label>
        <ValueSelect id="task-state" value={task.state} choices={taskStates()} onChange={(state) => onChange({ ...task, state })} />
      </div>
      <div class="field">
        <label for="task-tech">{t('Technician')}</label>
        <Picker id="task-tech" itemtype="User" value={task.tech.id} display={task.tech.name} onChange={(i, name) => onChange({ ...task, tech: { id: i, name } })} />
      </div>
    </div>
  );
}

/** The approver of a request: a user or a group (another kind empties the pick). */
function ApproverFields({ approver, onChange }: { approver: ApproverChoice; onChange: (approver: ApproverChoice) => void }) {
  return (
    <div class="form-grid">
      <div class="field">
        <label for="approver-kind">{t('Approver')}</label>
        <ValueSelect id="approver-kind" value={approver.kind} choices={[['User', t('User')], ['Group', t('Group')]] as const} onChange={(kind) => onChange({ kind, who: NONE })} />
      </div>
      <div class="field">
        <label for="approver-pick">{approver.kind === 'User' ? t('Approving user') : t('Approving group')}</label>
        <Picker
          key={approver.kind}
          id="approver-pick"
          itemtype={approver.kind}
          value={approver.who.id}
          display={approver.who.name}
          allowNone={false}
          onChange={(i, name) => onChange({ ...approver, who: { id: i, name } })}
        />
      </div>
    </div>
  );
}
