/**
 * The business rules of every itemtype, in one ordered table. For an itemtype and an event
 * (prepareAdd, afterUpdate, beforeDelete…), generic CRUD runs the matching hooks of this table
 * from top to bottom. main.ts installs it at start-up. test/items/rules.test.ts pins the order
 * each itemtype and event gets, so a moved rule shows in review.
 */
import { networkPortHooks } from './assets/network-ports';
import { reservationHooks } from './assets/reservations';
import { attachmentHooks, documentHooks } from './documents/hooks';
import { configValueHooks } from './items/config-values';
import { faqHooks } from './items/knowbase-faq';
import type { Rule } from './items/hooks';
import { noteHooks } from './items/notes';
import { entityHooks, treeHooks } from './items/tree';
import { entityStrategyFields } from './items/entity-strategies';
import { followupHooks, itilHooks } from './itil/rules';
import { pendingItemHooks, pendingTimelineHooks } from './itil/pending-reasons';
import { itilDurationHooks } from './itil/durations';
import { serviceLevelHooks } from './itil/service-levels';
import { takeIntoAccountHooks } from './itil/take-into-account';
import { ASSIGNMENT_LINKS, assignmentHooks } from './itil/assignment';
import { approvalHooks, solutionHooks } from './itil/solutions';
import { taskHooks, taskTemplateHooks } from './itil/tasks';
import { recurrentHooks } from './itil/recurrent-items';
import { linkedItemHooks } from './itil/linked-items';
import { autoAssignHooks } from './itil/auto-assign';
import { templateCheckHooks } from './itil/template-checks';
import { duplicateSolutionHooks, ticketLinkHooks, ticketLinkInputHooks } from './itil/ticket-links';
import { validationHooks, validationRequestHooks } from './itil/validations';
import { allItemtypes, itemtypesWith } from './registry';
import { apiClientTokenHooks } from './users/apiclient-token';
import { ldapCriterionHooks } from './users/ldap-criteria';
import { defaultEmailHooks, ownEmailHooks, userEmailHooks } from './users/user-emails';
import { accountRowHooks, profileRightHooks, profileUserHooks, superAdminProfileHooks, userHooks, userPreferenceHooks } from './users/user-rules';
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
  { itemtypes: ['UserEmail', 'Profile_User', 'Group_User'], hooks: accountRowHooks },
  { itemtypes: ['Profile_User'], hooks: profileUserHooks },
  { itemtypes: ['Profile'], hooks: superAdminProfileHooks },
  { itemtypes: ['Profile'], hooks: profileRightsFields },
  { itemtypes: ['Document_Item'], hooks: documentLinkHooks },
  { itemtypes: ['Computer'], hooks: carriedItemsHooks },
  { itemtypes: ['UserPreference'], hooks: userPreferenceHooks },
  { itemtypes: ['ProfileRight'], hooks: profileRightHooks },
  { itemtypes: ['APIClient'], hooks: apiClientTokenHooks },
  { itemtypes: ['RuleRightParameter'], hooks: ldapCriterionHooks },
  { itemtypes: ['Ticket'], hooks: autoAssignHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: itilHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: templateCheckHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: linkedItemHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: taskTemplateHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: itilDurationHooks },
  { itemtypes: ['Ticket'], hooks: serviceLevelHooks },
  { itemtypes: ['Ticket'], hooks: ticketLinkInputHooks },
  { itemtypes: ['Ticket', 'Change'], hooks: validationRequestHooks },
  { itemtypes: ['Ticket_Ticket'], hooks: ticketLinkHooks },
  { itemtypes: ['ITILFollowup'], hooks: approvalHooks },
  { itemtypes: ['ITILFollowup'], hooks: followupHooks },
  { itemtypes: ['ITILSolution'], hooks: solutionHooks },
  { itemtypes: ['ITILSolution'], hooks: duplicateSolutionHooks },
  { itemtypes: ASSIGNMENT_LINKS, hooks: assignmentHooks },
  { itemtypes: ['TicketTask', 'ProblemTask', 'ChangeTask'], hooks: taskHooks },
  { itemtypes: ['Ticket', 'Problem', 'Change'], hooks: pendingItemHooks },
  { itemtypes: ['ITILFollowup', 'TicketTask', 'ChangeTask', 'ProblemTask'], hooks: pendingTimelineHooks },
  { itemtypes: ['ITILFollowup', 'TicketTask'], hooks: takeIntoAccountHooks },
  { itemtypes: ['TicketRecurrent', 'RecurrentChange'], hooks: recurrentHooks },
  { itemtypes: ['TicketValidation', 'ChangeValidation'], hooks: validationHooks },
  { itemtypes: ['NetworkPort'], hooks: networkPortHooks },
  { itemtypes: ['Reservation'], hooks: reservationHooks },
  { itemtypes: ['Document'], hooks: documentHooks },
  { itemtypes: ['KnowbaseItem'], hooks: faqHooks },
  { itemtypes: attachable, hooks: attachmentHooks },
];
