/**
 * The business-rule hook table: the hooks of every itemtype, in one ordered table (GLPI's rules
 * engine, which runs Rule rows, is server/rules/). For an itemtype and an event
 * (prepareAdd, afterUpdate, beforeDelete…), generic CRUD runs the matching hooks of this table
 * from top to bottom. serve.ts installs it at start-up. test/items/rules.test.ts pins the order
 * each itemtype and event gets, so a moved rule shows in review.
 */
import { networkPortHooks } from './assets/network-ports';
import { reservationHooks } from './assets/reservations';
import { attachmentHooks, documentHooks } from './documents/hooks';
import { configValueHooks } from './items/config-values';
import { faqHooks } from './items/knowbase-faq';
import type { Rule } from './items/hooks';
import { noteHooks } from './items/notes';
import { followupHistoryHooks } from './items/history';
import { entityHooks, treeHooks } from './items/tree';
import { entityStrategyFields } from './items/entity-strategies';
import { followupHooks, itilHooks } from './itil/rules';
import { pendingItemHooks, pendingTimelineHooks } from './itil/pending-reasons';
import { itilDurationHooks } from './itil/durations';
import { serviceLevelHooks } from './itil/service-levels';
import { takeIntoAccountHooks, ticketLinkTouchHooks } from './itil/take-into-account';
import { ASSIGNMENT_LINKS, assignmentHooks } from './itil/assignment';
import { satisfactionHooks } from './itil/satisfaction-answers';
import { approvalHooks, solutionHooks } from './itil/solutions';
import { taskHooks, taskTemplateHooks } from './itil/tasks';
import { recurrentHooks } from './itil/recurrent-items';
import { linkedItemHooks } from './itil/linked-items';
import { ruleInputHooks } from './itil/rule-inputs';
import { defaultContractHooks } from './itil/default-contract';
import { autoAssignHooks } from './itil/auto-assign';
import { actorChoiceHooks, actorRowChoiceHooks } from './itil/actor-choices';
import { priorityFor } from './itil/priority';
import { logEvent } from './http/log';
import { reportLeftOutTo } from './rules/apply';
import { mailCollectorHooks } from './mail/collectors';
import type { MailEngines } from './mail/engines';
import { prepareFile } from './documents/upload';
import { criterionHolds, runRules } from './rules/engine';
import { levelCriteriaFrom } from './itil/escalations';
import { notImportedEmailHooks } from './mail/refusals';
import { authLdapHooks } from './directory/hooks';
import { reportDirectoryTo } from './directory/connection';
import { rightRulesFrom } from './directory/rights';
import { assetRuleHooks } from './rules/assets';
import { lockedFieldHooks } from './inventory/locks';
import { LOCKABLE_TYPES } from './registry/tables/admin';
import { DICTIONARY_TYPES, dropdownDictionaryHooks, softwareDictionaryHooks } from './rules/dictionaries';
import { ruleActionHooks, ruleCriterionHooks, ruleHooks } from './rules/rule-rows';
import { rightRuleSets } from './rules/right-sets';
import { ticketRuleHooks, workingHoursFrom } from './rules/tickets';
import { isWorkingHour } from './itil/calendars';
import { templateCheckHooks } from './itil/template-checks';
import { duplicateSolutionHooks, ticketLinkHooks, ticketLinkInputHooks } from './itil/ticket-links';
import { validationHooks, validationRequestHooks } from './itil/validations';
import { itilNotificationHooks, timelineNotificationHooks } from './notify/events';
import { mentionObserverHooks } from './itil/mention-observers';
import { reservationNotificationHooks } from './notify/reservation-events';
import { webhookHooks } from './notify/webhook-rules';
import { allAssetTypes, allItemtypes, itemtypesWith } from './registry';
import { apiClientTokenHooks } from './users/apiclient-token';
import { ldapCriterionHooks } from './users/ldap-criteria';
import { defaultEmailHooks, ownEmailHooks, userEmailHooks } from './users/user-emails';
import { accountRowHooks, profileRightHooks, profileUserHooks, superAdminProfileHooks, userAttachmentHooks, userHooks, userPreferenceHooks } from './users/user-rules';
import { profileRightsFields } from './users/profile-rights-fields';
import { documentLinkHooks } from './documents/document-links';
import { carriedItemsHooks } from './assets/carried-items';

const treeTypes = allItemtypes()
  .filter((t) => t.tree)
  .map((t) => t.name);

/** Every itemtype that documents can be attached to. */
const attachable = itemtypesWith('document')
  .filter((t) => t.name !== 'Document')
  .map((t) => t.name);

/**
 * Links that attach something to an item, a user among others: attaching to another user's
 * account needs authority over it. Team members and the audience of a shared reminder, feed or
 * article are the project's or the author's business, not the account's.
 */
const USER_ATTACHMENTS = ['Document_Item', 'Certificate_Item', 'Domain_Item', 'Appliance_Item', 'Item_Project', 'KnowbaseItem_Item'];

// What rules cannot apply (a group deleted since) is left out with a line in the server's log.
reportLeftOutTo(logEvent);
// A directory that cannot be reached at sign-in says why there too.
reportDirectoryTo(logEvent);
// A directory user's authorizations come from GLPI's RuleRight rules: what each matching rule set.
rightRulesFrom(rightRuleSets);
// SLA and OLA escalation levels are ticket rules: their criteria are judged by the rules engine.
levelCriteriaFrom((db, criterion, ticket) => criterionHolds(db, 'RuleTicket', criterion, ticket));

/** What the mail collectors use of the rules engine and of the documents (domains do not import each other). */
export const MAIL_ENGINES: MailEngines = {
  routeMail(db, facts) {
    const outcome = runRules(db, 'RuleMailCollector', facts);
    const matched = outcome.rules.find((r) => r.matched);
    return { output: outcome.output, rule: matched ? { id: matched.id, name: matched.name } : null };
  },
  checkUpload: prepareFile,
};

// The ticket rules' calendar criterion judges working hours by the ITIL calendars.
workingHoursFrom(isWorkingHour);

/** GLPI's ticket business rules, given the priority matrix of the ITIL rules (domains do not import each other). */
export const ticketBusinessRuleHooks = ticketRuleHooks(priorityFor);

export const RULES: readonly Rule[] = [
  { itemtypes: treeTypes, hooks: treeHooks },
  { itemtypes: ['Entity'], hooks: entityHooks },
  { itemtypes: ['Entity'], hooks: entityStrategyFields },
  { itemtypes: ['Notepad'], hooks: noteHooks },
  { itemtypes: ['Config'], hooks: configValueHooks },
  { itemtypes: ['User'], hooks: userEmailHooks },
  { itemtypes: ['UserEmail'], hooks: ownEmailHooks },
  { itemtypes: ['UserEmail'], hooks: defaultEmailHooks },
  { itemtypes: ['User'], hooks: userHooks },
  { itemtypes: ['UserEmail', 'Profile_User', 'Group_User', 'UserPreference'], hooks: accountRowHooks },
  { itemtypes: USER_ATTACHMENTS, hooks: userAttachmentHooks },
  { itemtypes: ['Profile_User'], hooks: profileUserHooks },
  { itemtypes: ['Profile'], hooks: superAdminProfileHooks },
  { itemtypes: ['Profile'], hooks: profileRightsFields },
  { itemtypes: ['Document_Item'], hooks: documentLinkHooks },
  { itemtypes: ['Computer'], hooks: carriedItemsHooks },
  { itemtypes: ['UserPreference'], hooks: userPreferenceHooks },
  { itemtypes: ['ProfileRight'], hooks: profileRightHooks },
  { itemtypes: ['APIClient'], hooks: apiClientTokenHooks },
  { itemtypes: ['RuleRightParameter'], hooks: ldapCriterionHooks },
  { itemtypes: ['AuthLDAP'], hooks: authLdapHooks },
  { itemtypes: ['Rule'], hooks: ruleHooks },
  // Escalation levels are ticket rules: their criteria are checked as rules' (a regular expression compiles, or is refused with its offset).
  { itemtypes: ['RuleCriteria', 'SlaLevelCriteria', 'OlaLevelCriteria'], hooks: ruleCriterionHooks },
  { itemtypes: ['RuleAction'], hooks: ruleActionHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: actorChoiceHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: itilHooks },
  // The entity's default contract is part of the input GLPI's business rules see.
  { itemtypes: ['Ticket'], hooks: defaultContractHooks },
  // GLPI's business rules run on the ticket's defaults, before assignment, templates and agreements use what they set.
  { itemtypes: ['Ticket'], hooks: ticketBusinessRuleHooks },
  { itemtypes: ['Ticket'], hooks: autoAssignHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: templateCheckHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: linkedItemHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: taskTemplateHooks },
  { itemtypes: ['Ticket'], hooks: ruleInputHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: itilDurationHooks },
  { itemtypes: ['Ticket'], hooks: serviceLevelHooks },
  { itemtypes: ['Ticket'], hooks: ticketLinkInputHooks },
  { itemtypes: ['Ticket', 'Change'], hooks: validationRequestHooks },
  { itemtypes: ['Ticket_Ticket'], hooks: ticketLinkHooks },
  { itemtypes: ['Ticket_Ticket'], hooks: ticketLinkTouchHooks },
  // A follow-up or task touches its item (taken into account, date, last updater) before anything it answers moves.
  { itemtypes: ['ITILFollowup', 'TicketTask', 'ProblemTask', 'ChangeTask'], hooks: takeIntoAccountHooks },
  { itemtypes: ['ITILFollowup'], hooks: followupHistoryHooks },
  { itemtypes: ['ITILFollowup'], hooks: approvalHooks },
  { itemtypes: ['ITILFollowup'], hooks: followupHooks },
  { itemtypes: ['ITILSolution'], hooks: solutionHooks },
  { itemtypes: ['ITILSolution'], hooks: duplicateSolutionHooks },
  { itemtypes: ASSIGNMENT_LINKS, hooks: actorRowChoiceHooks },
  { itemtypes: ASSIGNMENT_LINKS, hooks: assignmentHooks },
  { itemtypes: ['TicketTask', 'ProblemTask', 'ChangeTask'], hooks: taskHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: pendingItemHooks },
  { itemtypes: ['ITILFollowup', 'TicketTask', 'ChangeTask', 'ProblemTask'], hooks: pendingTimelineHooks },
  { itemtypes: ['TicketRecurrent', 'RecurrentChange'], hooks: recurrentHooks },
  { itemtypes: ['TicketValidation', 'ChangeValidation'], hooks: validationHooks },
  { itemtypes: ['TicketSatisfaction'], hooks: satisfactionHooks },
  { itemtypes: allAssetTypes().map((t) => t.name), hooks: assetRuleHooks },
  { itemtypes: DICTIONARY_TYPES, hooks: dropdownDictionaryHooks },
  // After the rules and dictionaries: a lock holds against what they would set from an inventory.
  { itemtypes: LOCKABLE_TYPES, hooks: lockedFieldHooks },
  { itemtypes: ['Software'], hooks: softwareDictionaryHooks },
  { itemtypes: ['NetworkPort'], hooks: networkPortHooks },
  { itemtypes: ['Reservation'], hooks: reservationHooks },
  { itemtypes: ['Document'], hooks: documentHooks },
  { itemtypes: ['KnowbaseItem'], hooks: faqHooks },
  { itemtypes: attachable, hooks: attachmentHooks },
  { itemtypes: ['MailCollector'], hooks: mailCollectorHooks },
  { itemtypes: ['NotImportedEmail'], hooks: notImportedEmailHooks },
  { itemtypes: ['Webhook'], hooks: webhookHooks },
  // Last: notifications see the change as the rules above left it.
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: itilNotificationHooks },
  { itemtypes: ['ITILFollowup', 'TicketTask', 'ProblemTask', 'ChangeTask', 'ITILSolution', 'TicketValidation', 'ChangeValidation', ...ASSIGNMENT_LINKS], hooks: timelineNotificationHooks },
  { itemtypes: ['Reservation'], hooks: reservationNotificationHooks },
  // After the notifications: a user mentioned is told by their "User mentioned" mail, not also as a new observer.
  { itemtypes: ['Ticket', 'Problem', 'Change', 'ITILFollowup', 'TicketTask', 'ProblemTask', 'ChangeTask', 'ITILSolution', 'TicketValidation', 'ChangeValidation'], hooks: mentionObserverHooks },
];
