/**
 * GLPI 10.0's default notifications of tickets, problems and changes, and of users, reservations,
 * contracts and infocoms, as its install writes them: the same ids, names, events, templates (ids,
 * names) and targets. The templates' texts are Deskbase's own, in GLPI's tag language (GLPI's are
 * not copied). A folder that already has a notification or template of one of these ids (an
 * imported GLPI) keeps its own.
 */
import type { Db } from './connection';
import { insertRow, selectAll } from './rows';

/** GLPI's target kinds (Notification::USER_TYPE…) and user targets (Notification::AUTHOR…). */
export const TARGET_TYPE = { user: 1, profile: 2, group: 3, supervisorOfGroup: 5, groupWithoutSupervisor: 6 } as const;
export const USER_TARGET = {
  globalAdministrator: 1,
  assignTech: 2,
  author: 3,
  oldTechInCharge: 4,
  itemTechInCharge: 5,
  itemUser: 6,
  /** The writer of a ticket (its users_id_recipient). */
  writer: 7,
  supplier: 8,
  assignGroup: 9,
  supervisorAssignGroup: 10,
  entityAdministrator: 11,
  supervisorRequesterGroup: 12,
  requesterGroup: 13,
  validationApprover: 14,
  validationRequester: 15,
  taskAssignTech: 16,
  taskAuthor: 17,
  followupAuthor: 18,
  /** The user an event of a User is about (password forgotten or expiring). */
  user: 19,
  observerGroup: 20,
  observer: 21,
  supervisorObserverGroup: 22,
  itemTechGroupInCharge: 23,
  assignGroupWithoutSupervisor: 24,
  requesterGroupWithoutSupervisor: 25,
  observerGroupWithoutSupervisor: 26,
  /** The group in charge of a task (its groups_id_tech). */
  taskAssignGroup: 37,
  mentionedUser: 39,
} as const;

/** [id, name, itemtype, event, template id] */
const NOTIFICATIONS: [number, string, string, string, number][] = [
  [1, 'Alert Tickets not closed', 'Ticket', 'alertnotclosed', 6],
  [2, 'New Ticket', 'Ticket', 'new', 4],
  [3, 'Update Ticket', 'Ticket', 'update', 4],
  [4, 'Close Ticket', 'Ticket', 'closed', 4],
  [5, 'Add Followup', 'Ticket', 'add_followup', 4],
  [6, 'Add Task', 'Ticket', 'add_task', 4],
  [7, 'Update Followup', 'Ticket', 'update_followup', 4],
  [8, 'Update Task', 'Ticket', 'update_task', 4],
  [9, 'Delete Followup', 'Ticket', 'delete_followup', 4],
  [10, 'Delete Task', 'Ticket', 'delete_task', 4],
  [11, 'Resolve ticket', 'Ticket', 'solved', 4],
  [12, 'Ticket Validation', 'Ticket', 'validation', 7],
  [24, 'Ticket Recall', 'Ticket', 'recall', 4],
  [26, 'Ticket Satisfaction', 'Ticket', 'satisfaction', 14],
  [29, 'New Problem', 'Problem', 'new', 17],
  [30, 'Update Problem', 'Problem', 'update', 17],
  [31, 'Resolve Problem', 'Problem', 'solved', 17],
  [32, 'Add Task', 'Problem', 'add_task', 17],
  [33, 'Update Task', 'Problem', 'update_task', 17],
  [34, 'Delete Task', 'Problem', 'delete_task', 17],
  [35, 'Close Problem', 'Problem', 'closed', 17],
  [36, 'Delete Problem', 'Problem', 'delete', 17],
  [37, 'Ticket Validation Answer', 'Ticket', 'validation_answer', 7],
  [41, 'Delete Ticket', 'Ticket', 'delete', 4],
  [42, 'New Change', 'Change', 'new', 19],
  [43, 'Update Change', 'Change', 'update', 19],
  [44, 'Resolve Change', 'Change', 'solved', 19],
  [45, 'Add Task', 'Change', 'add_task', 19],
  [46, 'Update Task', 'Change', 'update_task', 19],
  [47, 'Delete Task', 'Change', 'delete_task', 19],
  [48, 'Close Change', 'Change', 'closed', 19],
  [49, 'Delete Change', 'Change', 'delete', 19],
  [50, 'Ticket Satisfaction Answer', 'Ticket', 'replysatisfaction', 14],
  [59, 'New user in requesters', 'Ticket', 'requester_user', 4],
  [60, 'New group in requesters', 'Ticket', 'requester_group', 4],
  [61, 'New user in observers', 'Ticket', 'observer_user', 4],
  [62, 'New group in observers', 'Ticket', 'observer_group', 4],
  [63, 'New user in assignees', 'Ticket', 'assign_user', 4],
  [64, 'New group in assignees', 'Ticket', 'assign_group', 4],
  [65, 'New supplier in assignees', 'Ticket', 'assign_supplier', 4],
  [72, 'New user mentionned', 'Ticket', 'user_mention', 4],
];

/** [target row id, items_id, type, notification id]; GLPI's install gives 1 and 24 none. */
const TARGETS: [number, number, number, number][] = [
  [3, 3, 2, 2], [4, 1, 1, 2], [10, 3, 1, 2], [34, 21, 1, 2],
  [5, 1, 1, 3], [8, 2, 1, 3], [9, 4, 1, 3], [11, 3, 1, 3], [35, 21, 1, 3],
  [7, 1, 1, 4], [13, 3, 1, 4], [37, 21, 1, 4],
  [6, 1, 1, 5], [12, 3, 1, 5], [36, 21, 1, 5],
  [20, 1, 1, 6], [21, 3, 1, 6], [38, 21, 1, 6],
  [22, 1, 1, 7], [23, 3, 1, 7], [39, 21, 1, 7],
  [24, 1, 1, 8], [25, 3, 1, 8], [40, 21, 1, 8],
  [26, 1, 1, 9], [27, 3, 1, 9], [41, 21, 1, 9],
  [28, 1, 1, 10], [29, 3, 1, 10], [42, 21, 1, 10],
  [30, 1, 1, 11], [31, 3, 1, 11], [43, 21, 1, 11],
  [15, 14, 1, 12], [33, 3, 1, 26], [73, 14, 1, 37], [75, 1, 1, 41], [102, 3, 1, 50], [103, 2, 1, 50],
  [47, 3, 1, 29], [48, 1, 1, 29], [49, 21, 1, 29],
  [50, 2, 1, 30], [51, 4, 1, 30], [52, 3, 1, 30], [53, 1, 1, 30], [54, 21, 1, 30],
  [55, 3, 1, 31], [56, 1, 1, 31], [57, 21, 1, 31], [58, 3, 1, 32], [59, 1, 1, 32], [60, 21, 1, 32],
  [61, 3, 1, 33], [62, 1, 1, 33], [63, 21, 1, 33], [64, 3, 1, 34], [65, 1, 1, 34], [66, 21, 1, 34],
  [67, 3, 1, 35], [68, 1, 1, 35], [69, 21, 1, 35], [70, 3, 1, 36], [71, 1, 1, 36], [72, 21, 1, 36],
  [76, 3, 1, 42], [77, 1, 1, 42], [78, 21, 1, 42],
  [79, 2, 1, 43], [80, 4, 1, 43], [81, 3, 1, 43], [82, 1, 1, 43], [83, 21, 1, 43],
  [84, 3, 1, 44], [85, 1, 1, 44], [86, 21, 1, 44], [87, 3, 1, 45], [88, 1, 1, 45], [89, 21, 1, 45],
  [90, 3, 1, 46], [91, 1, 1, 46], [92, 21, 1, 46], [93, 3, 1, 47], [94, 1, 1, 47], [95, 21, 1, 47],
  [96, 3, 1, 48], [97, 1, 1, 48], [98, 21, 1, 48], [99, 3, 1, 49], [100, 1, 1, 49], [101, 21, 1, 49],
  [124, 3, 1, 59], [125, 13, 1, 60], [126, 21, 1, 61], [127, 20, 1, 62], [128, 2, 1, 63], [129, 9, 1, 64], [130, 8, 1, 65],
  [140, 39, 1, 72],
];

const ITIL_TEXT = (t: string) => `##${t}.action##: ##${t}.title##

##${t}.url##

Status: ##${t}.status##
Opened: ##${t}.creationdate## by ##IF${t}.authors####${t}.authors####ENDIF${t}.authors####ELSE${t}.authors##--##ENDELSE${t}.authors##
##IF${t}.assigntousers##Assigned to: ##${t}.assigntousers##
##ENDIF${t}.assigntousers####IF${t}.assigntogroups##Assigned groups: ##${t}.assigntogroups##
##ENDIF${t}.assigntogroups##Urgency: ##${t}.urgency## - Impact: ##${t}.impact## - Priority: ##${t}.priority##
##IF${t}.category##Category: ##${t}.category##
##ENDIF${t}.category##
##${t}.content##
##IF${t}.storestatus=5##
Solution: ##${t}.solution.description##
##ENDIF${t}.storestatus##
##FOREACHfollowups##
[##followup.date##] ##followup.author## wrote:
##followup.description##
##ENDFOREACHfollowups####FOREACHtasks##
[##task.date##] Task by ##task.author##: ##task.description##
##ENDFOREACHtasks##
Followups: ##${t}.numberoffollowups## - Tasks: ##${t}.numberoftasks##`;

const ITIL_HTML = (t: string) => `<p><strong>##${t}.action##</strong>: ##${t}.title##</p>
<p><a href="##${t}.url##">##${t}.url##</a></p>
<p>Status: ##${t}.status##<br>Opened: ##${t}.creationdate## by ##IF${t}.authors####${t}.authors####ENDIF${t}.authors####ELSE${t}.authors##--##ENDELSE${t}.authors##<br>
##IF${t}.assigntousers##Assigned to: ##${t}.assigntousers##<br>##ENDIF${t}.assigntousers##
##IF${t}.assigntogroups##Assigned groups: ##${t}.assigntogroups##<br>##ENDIF${t}.assigntogroups##
Urgency: ##${t}.urgency## - Impact: ##${t}.impact## - Priority: ##${t}.priority##</p>
<div>##${t}.content##</div>
##IF${t}.storestatus=5##<p>Solution: ##${t}.solution.description##</p>##ENDIF${t}.storestatus##
##FOREACHfollowups##<p>[##followup.date##] ##followup.author## wrote:<br>##followup.description##</p>##ENDFOREACHfollowups##
##FOREACHtasks##<p>[##task.date##] Task by ##task.author##: ##task.description##</p>##ENDFOREACHtasks##
<p>Followups: ##${t}.numberoffollowups## - Tasks: ##${t}.numberoftasks##</p>`;

/** [template id, name, itemtype, subject, text, html] */
const TEMPLATES: [number, string, string, string, string, string][] = [
  [4, 'Tickets', 'Ticket', '##ticket.action##: ##ticket.title##', ITIL_TEXT('ticket'), ITIL_HTML('ticket')],
  [5, 'Tickets (Simple)', 'Ticket', '##ticket.action##: ##ticket.title##', '##ticket.title##\n\n##ticket.url##\n\n##ticket.content##', '<p>##ticket.title##</p><p><a href="##ticket.url##">##ticket.url##</a></p><div>##ticket.content##</div>'],
  [6, 'Alert Tickets not closed', 'Ticket', '##ticket.action## ##ticket.entity##', '##FOREACHtickets##\n##ticket.title## (##ticket.status##) ##ticket.url##\n##ENDFOREACHtickets##', '<p>##FOREACHtickets##<a href="##ticket.url##">##ticket.title##</a> (##ticket.status##)<br>##ENDFOREACHtickets##</p>'],
  [
    7,
    'Tickets Validation',
    'Ticket',
    '##ticket.action##: ##ticket.title##',
    'Approval of ##ticket.title## (##ticket.url##)\nAsked by ##validation.submission.user##: ##validation.submission.comment##\n##IFvalidation.status##Answer: ##validation.status## ##validation.answer.comment####ENDIFvalidation.status##',
    '<p>Approval of <a href="##ticket.url##">##ticket.title##</a></p><p>Asked by ##validation.submission.user##: ##validation.submission.comment##</p>##IFvalidation.status##<p>Answer: ##validation.status## ##validation.answer.comment##</p>##ENDIFvalidation.status##',
  ],
  [14, 'Ticket Satisfaction', 'Ticket', '##ticket.action##: ##ticket.title##', 'How satisfied are you with the handling of ##ticket.title##?\n##ticket.urlsatisfaction##', '<p>How satisfied are you with the handling of <a href="##ticket.urlsatisfaction##">##ticket.title##</a>?</p>'],
  [17, 'Problems', 'Problem', '##problem.action##: ##problem.title##', ITIL_TEXT('problem'), ITIL_HTML('problem')],
  [19, 'Changes', 'Change', '##change.action##: ##change.title##', ITIL_TEXT('change'), ITIL_HTML('change')],
];

/** [id, name, itemtype, event, template id]: users, reservations, contracts, infocoms (GLPI's alert notifications have no default targets). */
const OTHER_NOTIFICATIONS: [number, string, string, string, number][] = [
  [13, 'New Reservation', 'Reservation', 'new', 2],
  [14, 'Update Reservation', 'Reservation', 'update', 2],
  [15, 'Delete Reservation', 'Reservation', 'delete', 2],
  [16, 'Alert Reservation', 'Reservation', 'alert', 3],
  [17, 'Contract Notice', 'Contract', 'notice', 12],
  [18, 'Contract End', 'Contract', 'end', 12],
  [22, 'Infocoms', 'Infocom', 'alert', 10],
  [25, 'Password Forget', 'User', 'passwordforget', 13],
  [38, 'Contract End Periodicity', 'Contract', 'periodicity', 12],
  [39, 'Contract Notice Periodicity', 'Contract', 'periodicitynotice', 12],
  [70, 'Password expires alert', 'User', 'passwordexpires', 27],
];

const OTHER_TARGETS: [number, number, number, number][] = [
  [1, 3, 1, 13], [2, 1, 1, 13], [16, 3, 1, 14], [17, 1, 1, 14], [18, 3, 1, 15], [19, 1, 1, 15],
  [32, 19, 1, 25], [138, 19, 1, 70],
];

const OTHER_TEMPLATES: [number, string, string, string, string, string][] = [
  [
    2,
    'Reservations',
    'Reservation',
    '##reservation.action##',
    '##reservation.action##\n\nBy: ##reservation.user##\nItem: ##reservation.itemtype## - ##reservation.item.name##\n##IFreservation.tech##Technician in charge: ##reservation.tech##\n##ENDIFreservation.tech##From ##reservation.begin## to ##reservation.end##\n##IFreservation.comment##\n##reservation.comment##\n##ENDIFreservation.comment##\n##reservation.url##',
    '<p><strong>##reservation.action##</strong></p><p>By: ##reservation.user##<br>Item: ##reservation.itemtype## - ##reservation.item.name##<br>##IFreservation.tech##Technician in charge: ##reservation.tech##<br>##ENDIFreservation.tech##From ##reservation.begin## to ##reservation.end##</p>##IFreservation.comment##<p>##reservation.comment##</p>##ENDIFreservation.comment##<p><a href="##reservation.url##">##reservation.url##</a></p>',
  ],
  [
    3,
    'Alert Reservation',
    'Reservation',
    '##reservation.action## ##reservation.entity##',
    'Entity: ##reservation.entity##\n##FOREACHreservations##\n##reservation.itemtype## - ##reservation.item##, reserved by ##reservation.user## until ##reservation.end##\n##reservation.url##\n##ENDFOREACHreservations##',
    '<p>Entity: ##reservation.entity##</p>##FOREACHreservations##<p>##reservation.itemtype## - <a href="##reservation.url##">##reservation.item##</a>, reserved by ##reservation.user## until ##reservation.end##</p>##ENDFOREACHreservations##',
  ],
  [
    10,
    'Infocoms',
    'Infocom',
    '##infocom.action## ##infocom.entity##',
    'Entity: ##infocom.entity##\n##FOREACHinfocoms##\n##infocom.itemtype## - ##infocom.item##: warranty ends ##infocom.expirationdate##\n##infocom.url##\n##ENDFOREACHinfocoms##',
    '<p>Entity: ##infocom.entity##</p>##FOREACHinfocoms##<p>##infocom.itemtype## - <a href="##infocom.url##">##infocom.item##</a>: warranty ends ##infocom.expirationdate##</p>##ENDFOREACHinfocoms##',
  ],
  [
    12,
    'Contracts',
    'Contract',
    '##contract.action## ##contract.entity##',
    'Entity: ##contract.entity##\n##FOREACHcontracts##\n##contract.name## (##contract.number##): ##contract.time##\n##IFcontract.type##Type: ##contract.type##\n##ENDIFcontract.type####contract.url##\n##ENDFOREACHcontracts##',
    '<p>Entity: ##contract.entity##</p>##FOREACHcontracts##<p><a href="##contract.url##">##contract.name##</a> (##contract.number##): ##contract.time####IFcontract.type##<br>Type: ##contract.type####ENDIFcontract.type##</p>##ENDFOREACHcontracts##',
  ],
  [
    13,
    'Password Forget',
    'User',
    '##user.action##',
    'Hello,\n\nA password reset was asked for the account "##user.name##".\n\nReset token: ##user.passwordforgettoken##\n\nIt can be used once, within 24 hours, in the console:\n##user.passwordforgeturl##\nor with PUT /apirest.php/lostPassword (email, password_forget_token, password).\n\nIf you did not ask for this, ignore this message: your password has not changed.',
    '<p>Hello,</p><p>A password reset was asked for the account "##user.name##".</p><p>Reset token: <code>##user.passwordforgettoken##</code></p><p>It can be used once, within 24 hours, in the console: <a href="##user.passwordforgeturl##">##user.passwordforgeturl##</a>, or with PUT /apirest.php/lostPassword (email, password_forget_token, password).</p><p>If you did not ask for this, ignore this message: your password has not changed.</p>',
  ],
  [
    27,
    'Password expires alert',
    'User',
    '##user.action##',
    'Hello,\n\n##IFuser.password.has_expired=1##The password of the account "##user.name##" expired on ##user.password.expiration.date##.##ENDIFuser.password.has_expired####ELSEuser.password.has_expired=1##The password of the account "##user.name##" expires on ##user.password.expiration.date##.##ENDELSEuser.password.has_expired##\n##IFuser.account.lock.date##Unless it is changed, the account is locked on ##user.account.lock.date##.\n##ENDIFuser.account.lock.date##\nChange it here: ##user.password.update.url##',
    '<p>Hello,</p><p>##IFuser.password.has_expired=1##The password of the account "##user.name##" expired on ##user.password.expiration.date##.##ENDIFuser.password.has_expired####ELSEuser.password.has_expired=1##The password of the account "##user.name##" expires on ##user.password.expiration.date##.##ENDELSEuser.password.has_expired##</p>##IFuser.account.lock.date##<p>Unless it is changed, the account is locked on ##user.account.lock.date##.</p>##ENDIFuser.account.lock.date##<p>Change it here: <a href="##user.password.update.url##">##user.password.update.url##</a></p>',
  ],
];

const taken = (db: Db, table: string, id: number) => selectAll(db, `SELECT id FROM ${table} WHERE id = ?`, id).length > 0;

type Notifications = [number, string, string, string, number][];
type Templates = [number, string, string, string, string, string][];
type Targets = [number, number, number, number][];

/** Writes the templates (one translation each, for every language), notifications and targets that are missing. */
function seed(db: Db, templates: Templates, notifications: Notifications, targets: Targets): void {
  for (const [id, name, itemtype, subject, text, html] of templates) {
    if (taken(db, 'glpi_notificationtemplates', id)) continue;
    insertRow(db, 'glpi_notificationtemplates', { id, name, itemtype });
    if (!taken(db, 'glpi_notificationtemplatetranslations', id)) {
      insertRow(db, 'glpi_notificationtemplatetranslations', { id, notificationtemplates_id: id, language: '', subject, content_text: text, content_html: html });
    }
  }
  const seeded = new Set<number>();
  for (const [id, name, itemtype, event, template] of notifications) {
    if (taken(db, 'glpi_notifications', id)) continue;
    insertRow(db, 'glpi_notifications', { id, name, itemtype, event, entities_id: 0, is_recursive: 1, is_active: 1 });
    if (!taken(db, 'glpi_notifications_notificationtemplates', id)) {
      insertRow(db, 'glpi_notifications_notificationtemplates', { id, notifications_id: id, mode: 'mailing', notificationtemplates_id: template });
    }
    seeded.add(id);
  }
  for (const [id, itemsId, type, notification] of targets) {
    if (seeded.has(notification) && !taken(db, 'glpi_notificationtargets', id)) insertRow(db, 'glpi_notificationtargets', { id, items_id: itemsId, type, notifications_id: notification });
  }
}

/** The ticket, problem and change ones (migration 22). */
export function seedItilNotifications(db: Db): void {
  seed(db, TEMPLATES, NOTIFICATIONS, TARGETS);
}

/** The user, reservation, contract and infocom ones (migration 33). */
export function seedOtherNotifications(db: Db): void {
  seed(db, OTHER_TEMPLATES, OTHER_NOTIFICATIONS, OTHER_TARGETS);
}
