/**
 * Fixed value lists of fields (GLPI's status, urgency, type… constants with their English names).
 * The server's ITIL rules and the console both read them from here.
 */
export type ValueList = readonly (readonly [number | string, string])[];

/**
 * How a user signs in (`glpi_users.authtype`, a RuleRight's `TYPE` criterion), numbered as the
 * specification says: LDAP is 2 and a mail server 3, where GLPI numbers them the other way round
 * (its 3 is LDAP, its 2 mail); the others are GLPI's. A directory or mail user's `auths_id` names
 * its AuthLDAP or AuthMail.
 */
export const AUTHTYPE = { NOT_YET_AUTHENTICATED: 0, LOCAL: 1, LDAP: 2, MAIL: 3, EXTERNAL: 4, CAS: 5, X509: 6, API: 7, COOKIE: 8 } as const;

/** Deskbase's authtype of a value GLPI stored: GLPI's LDAP (3) and mail (2) swap, the rest is the same. */
export function authtypeFromGlpi(glpi: number): number {
  return glpi === 3 ? AUTHTYPE.LDAP : glpi === 2 ? AUTHTYPE.MAIL : glpi;
}

export const ITIL_STATUS = {
  NEW: 1,
  ASSIGNED: 2,
  PLANNED: 3,
  WAITING: 4,
  SOLVED: 5,
  CLOSED: 6,
  ACCEPTED: 7,
  OBSERVED: 8,
  EVALUATION: 9,
  APPROVAL: 10,
  TEST: 11,
  QUALIFICATION: 12,
  REFUSED: 13,
  CANCELED: 14,
} as const;

const S = ITIL_STATUS;
const SCALE: ValueList = [
  [1, 'Very low'],
  [2, 'Low'],
  [3, 'Medium'],
  [4, 'High'],
  [5, 'Very high'],
];

export type ItilTypeName = 'Ticket' | 'Problem' | 'Change';

/** GLPI's status arrays per ITIL type: every status, and those that count as new, in progress, solved, closed. */
export const ITIL_STATUS_GROUPS: Record<ItilTypeName, { all: number[]; new: number[]; process: number[]; solved: number[]; closed: number[] }> = {
  Ticket: { all: [1, 2, 3, 4, 5, 6], new: [1], process: [2, 3], solved: [5], closed: [6] },
  Problem: { all: [1, 7, 2, 3, 4, 5, 8, 6], new: [1, 7], process: [7, 2, 3], solved: [8, 5], closed: [6] },
  Change: { all: [1, 9, 10, 7, 4, 11, 12, 5, 8, 6, 14, 13], new: [1, 7, 9, 10], process: [7, 12, 11], solved: [8, 5], closed: [6, 14, 13] },
};

/** Statuses each ITIL type goes through, in the order GLPI lists them. */
export const ITIL_STATUSES: Record<ItilTypeName, ValueList> = {
  Ticket: [
    [S.NEW, 'New'],
    [S.ASSIGNED, 'Processing (assigned)'],
    [S.PLANNED, 'Processing (planned)'],
    [S.WAITING, 'Pending'],
    [S.SOLVED, 'Solved'],
    [S.CLOSED, 'Closed'],
  ],
  Problem: [
    [S.NEW, 'New'],
    [S.ACCEPTED, 'Accepted'],
    [S.ASSIGNED, 'Processing (assigned)'],
    [S.PLANNED, 'Processing (planned)'],
    [S.WAITING, 'Pending'],
    [S.SOLVED, 'Solved'],
    [S.OBSERVED, 'Under observation'],
    [S.CLOSED, 'Closed'],
  ],
  Change: [
    [S.NEW, 'New'],
    [S.EVALUATION, 'Evaluation'],
    [S.APPROVAL, 'Approval'],
    [S.ACCEPTED, 'Accepted'],
    [S.WAITING, 'Pending'],
    [S.TEST, 'Testing'],
    [S.QUALIFICATION, 'Qualification'],
    [S.SOLVED, 'Applied'],
    [S.OBSERVED, 'Review'],
    [S.CLOSED, 'Closed'],
    [S.CANCELED, 'Cancelled'],
    [S.REFUSED, 'Refused'],
  ],
};

/** ITIL actor roles (the `type` of Ticket_User, Group_Ticket, Supplier_Ticket rows). */
export const ACTOR_ROLES: ValueList = [
  [1, 'Requester'],
  [2, 'Assigned to'],
  [3, 'Observer'],
];

/** Task states (TicketTask.state) and solution approval (ITILSolution.status). */
const TASK_STATES: ValueList = [
  [0, 'Information'],
  [1, 'To do'],
  [2, 'Done'],
];
/** ITILSolution.status (GLPI's CommonITILValidation constants). */
export const SOLUTION_STATUS = { NONE: 1, WAITING: 2, ACCEPTED: 3, REFUSED: 4 } as const;
const SOLUTION_STATUSES: ValueList = [
  [1, 'None'],
  [2, 'Waiting for approval'],
  [3, 'Accepted'],
  [4, 'Refused'],
];
const VALIDATION_STATUSES: ValueList = [
  [1, 'None'],
  [2, 'Waiting for approval'],
  [3, 'Granted'],
  [4, 'Refused'],
];

/** The events the notification engine raises on tickets, problems and changes that a webhook may follow (GLPI's event names). */
const ITIL_EVENTS: ValueList = [
  ['new', 'New item'],
  ['update', 'Update of an item'],
  ['solved', 'Item solved'],
  ['closed', 'Item closed'],
  ['delete', 'Deletion of an item'],
  ['add_followup', 'New followup'],
  ['update_followup', 'Update of a followup'],
  ['delete_followup', 'Deletion of a followup'],
  ['add_task', 'New task'],
  ['update_task', 'Update of a task'],
  ['delete_task', 'Deletion of a task'],
  ['validation', 'Approval request'],
  ['validation_answer', 'Approval request answer'],
  ['requester_user', 'New user in requesters'],
  ['requester_group', 'New group in requesters'],
  ['observer_user', 'New user in observers'],
  ['observer_group', 'New group in observers'],
  ['assign_user', 'New user in assignees'],
  ['assign_group', 'New group in assignees'],
  ['assign_supplier', 'New supplier in assignees'],
  ['satisfaction', 'Satisfaction survey'],
  ['recall', 'Automatic reminder'],
];

const MENTION: ValueList = [['user_mention', 'User mentioned']];
/** The ITIL events but some, with GLPI 10's mentions (raised on any ITIL item). */
const itilEvents = (...left: string[]): ValueList => [...ITIL_EVENTS.filter(([event]) => !left.includes(String(event))), ...MENTION];

/**
 * The events a Notification of each itemtype may name, as the engine raises them (GLPI 10's event
 * names): only tickets have satisfaction surveys and SLA reminders, problems no approvals.
 */
const NOTIFICATION_EVENTS: Record<string, ValueList> = {
  Ticket: [...itilEvents(), ['replysatisfaction', 'Satisfaction survey answer'], ['alertnotclosed', 'Not solved tickets']],
  Problem: itilEvents('validation', 'validation_answer', 'satisfaction', 'recall'),
  Change: itilEvents('satisfaction', 'recall'),
  User: [
    ['passwordforget', 'Forgotten password?'],
    ['passwordexpires', 'Password expires'],
  ],
  Reservation: [
    ['new', 'New reservation'],
    ['update', 'Update of a reservation'],
    ['delete', 'Deletion of a reservation'],
    ['alert', 'Reservation expired'],
  ],
  Contract: [
    ['notice', 'Notice'],
    ['end', 'End of contract'],
    ['periodicity', 'Periodicity'],
    ['periodicitynotice', 'Periodicity notice'],
  ],
  Infocom: [['alert', 'Alarms on financial and administrative information']],
};

/** The events a Notification of the itemtype may name (empty for an itemtype that raises none). */
export function notificationEvents(itemtype: string): ValueList {
  return NOTIFICATION_EVENTS[itemtype] ?? [];
}

const ITIL_FIELDS: Record<string, ValueList> = { urgency: SCALE, impact: SCALE, priority: [...SCALE, [6, 'Major']] };

/** Value lists keyed by itemtype, then field. */
const VALUE_LISTS: Record<string, Record<string, ValueList>> = {
  Ticket: {
    ...ITIL_FIELDS,
    status: ITIL_STATUSES.Ticket,
    type: [
      [1, 'Incident'],
      [2, 'Request'],
    ],
    global_validation: VALIDATION_STATUSES,
  },
  Problem: { ...ITIL_FIELDS, status: ITIL_STATUSES.Problem },
  Change: { ...ITIL_FIELDS, status: ITIL_STATUSES.Change, global_validation: VALIDATION_STATUSES },
  TicketTask: { state: TASK_STATES },
  ITILSolution: { status: SOLUTION_STATUSES },
  TicketValidation: { status: VALIDATION_STATUSES },
  Ticket_User: { type: ACTOR_ROLES },
  Group_Ticket: { type: ACTOR_ROLES },
  Supplier_Ticket: { type: ACTOR_ROLES },
  Webhook: { event: ITIL_EVENTS },
  Profile: {
    interface: [
      ['central', 'Standard interface'],
      ['helpdesk', 'Simplified interface'],
    ],
  },
  // Mail collectors: where the requester is read, and why a mail was refused (server/mail/refusals.ts).
  MailCollector: {
    requester_field: [
      [0, 'From'],
      [1, 'Reply-To'],
    ],
  },
  // Directories: where a user's groups are found (GLPI's AuthLDAP group_search_type).
  AuthLDAP: {
    group_search_type: [
      [0, 'In users'],
      [1, 'In groups'],
      [2, 'In users and groups'],
    ],
  },
  NotImportedEmail: {
    reason: [
      [0, 'No rule gave an entity'],
      [1, 'Unknown sender'],
      [3, 'Could not be written'],
      [4, 'Not enough rights'],
      [101, 'Blacklisted sender'],
      [102, 'Too large'],
      [103, 'Automatic mail'],
      [104, 'Refused by a rule'],
      [105, 'Unreadable'],
    ],
  },
  User: {
    authtype: [
      [AUTHTYPE.LOCAL, 'Local'],
      [AUTHTYPE.LDAP, 'LDAP directory'],
      [AUTHTYPE.MAIL, 'Mail server'],
      [AUTHTYPE.EXTERNAL, 'External'],
      [AUTHTYPE.CAS, 'CAS'],
      [AUTHTYPE.X509, 'x509 certificate'],
      [AUTHTYPE.API, 'API'],
      [AUTHTYPE.COOKIE, 'Cookie'],
    ],
  },
};

/** The fixed values a field takes, or null when it is free. */
export function valueList(itemtype: string, field: string): ValueList | null {
  return VALUE_LISTS[itemtype]?.[field] ?? null;
}
