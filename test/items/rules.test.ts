/**
 * The order of the business rules, pinned: for each itemtype and event, the hook sets that run,
 * in the order server/hook-table.ts gives them once installed. A rule added, removed or moved changes
 * the table below, so the change in order shows in review.
 */
import { expect, test } from 'bun:test';
import * as networkPorts from '../../server/assets/network-ports';
import * as reservations from '../../server/assets/reservations';
import * as carriedItems from '../../server/assets/carried-items';
import * as documentRules from '../../server/documents/hooks';
import * as documentLinks from '../../server/documents/document-links';
import { hooksOf, installRules, type ItemHooks } from '../../server/items/hooks';
import * as notes from '../../server/items/notes';
import * as history from '../../server/items/history';
import * as webhookRules from '../../server/notify/webhook-rules';
import * as configValues from '../../server/items/config-values';
import * as entityStrategies from '../../server/items/entity-strategies';
import * as knowbaseFaq from '../../server/items/knowbase-faq';
import * as tree from '../../server/items/tree';
import * as assignment from '../../server/itil/assignment';
import * as itilRules from '../../server/itil/rules';
import * as durations from '../../server/itil/durations';
import * as pendingReasons from '../../server/itil/pending-reasons';
import * as serviceLevels from '../../server/itil/service-levels';
import * as takeIntoAccount from '../../server/itil/take-into-account';
import * as solutions from '../../server/itil/solutions';
import * as tasks from '../../server/itil/tasks';
import * as recurrentItems from '../../server/itil/recurrent-items';
import * as linkedItems from '../../server/itil/linked-items';
import * as ruleInputs from '../../server/itil/rule-inputs';
import * as defaultContracts from '../../server/itil/default-contract';
import * as autoAssign from '../../server/itil/auto-assign';
import * as actorChoices from '../../server/itil/actor-choices';
import * as templateChecks from '../../server/itil/template-checks';
import * as ticketLinks from '../../server/itil/ticket-links';
import * as validations from '../../server/itil/validations';
import * as satisfactionAnswers from '../../server/itil/satisfaction-answers';
import { itemtypeOrThrow } from '../../server/registry';
import * as hookTable from '../../server/hook-table';
import * as ruleRows from '../../server/rules/rule-rows';
import * as assetRules from '../../server/rules/assets';
import * as dictionaries from '../../server/rules/dictionaries';
import * as lockedFields from '../../server/inventory/locks';
import { RULES } from '../../server/hook-table';
import * as notifyEvents from '../../server/notify/events';
import * as mentionObservers from '../../server/itil/mention-observers';
import * as reservationEvents from '../../server/notify/reservation-events';
import * as apiClientToken from '../../server/users/apiclient-token';
import * as ldapCriteria from '../../server/users/ldap-criteria';
import * as directoryHooks from '../../server/directory/hooks';
import * as userEmails from '../../server/users/user-emails';
import * as userRules from '../../server/users/user-rules';
import * as mailCollectors from '../../server/mail/collectors';
import * as mailRefusals from '../../server/mail/refusals';
import * as profileRightsFields from '../../server/users/profile-rights-fields';

/** Every event of ItemHooks, in the order a write meets them. */
const EVENTS = [
  'prepareInput',
  'prepareAdd',
  'afterAdd',
  'prepareUpdate',
  'afterUpdate',
  'beforeDelete',
  'afterPurge',
  'selfService',
  'selfServiceDelete',
  'canWriteOwner',
  'itemEvent',
  'readExtras',
  'itemExtras',
] as const satisfies readonly (keyof ItemHooks)[];
/** Properties of a hook set that are no events. */
const FLAGS = ['checksAlone'] as const satisfies readonly (keyof ItemHooks)[];

/**
 * Itemtypes (those sharing the same hooks grouped on one line) → event → hook sets, in order.
 * Events without hooks are left out.
 */
const ORDER: Record<string, Partial<Record<(typeof EVENTS)[number], string>>> = {
  SoftwareLicense: {
    prepareInput: 'attachmentHooks',
    prepareAdd: 'treeHooks → assetRuleHooks',
    afterAdd: 'attachmentHooks',
    prepareUpdate: 'treeHooks → assetRuleHooks',
    afterUpdate: 'treeHooks → attachmentHooks',
    afterPurge: 'treeHooks',
  },
  'IPNetwork, Location, State, ITILCategory, DocumentCategory, SoftwareCategory, SoftwareLicenseType, BusinessCriticity, KnowbaseItemCategory, TaskCategory': {
    prepareAdd: 'treeHooks',
    prepareUpdate: 'treeHooks',
    afterUpdate: 'treeHooks',
    afterPurge: 'treeHooks',
  },
  Group: {
    prepareInput: 'attachmentHooks',
    prepareAdd: 'treeHooks',
    afterAdd: 'attachmentHooks',
    prepareUpdate: 'treeHooks',
    afterUpdate: 'treeHooks → attachmentHooks',
    afterPurge: 'treeHooks',
  },
  Entity: {
    prepareInput: 'entityStrategyFields → attachmentHooks',
    prepareAdd: 'treeHooks',
    afterAdd: 'attachmentHooks',
    prepareUpdate: 'treeHooks',
    afterUpdate: 'treeHooks → attachmentHooks',
    beforeDelete: 'entityHooks',
    afterPurge: 'treeHooks',
    itemExtras: 'entityStrategyFields',
  },
  Notepad: {
    prepareAdd: 'noteHooks',
    prepareUpdate: 'noteHooks',
  },
  Config: {
    prepareAdd: 'configValueHooks',
    prepareUpdate: 'configValueHooks',
  },
  User: {
    prepareInput: 'userHooks → attachmentHooks',
    prepareAdd: 'userEmailHooks → userHooks',
    afterAdd: 'userEmailHooks → userHooks → attachmentHooks',
    prepareUpdate: 'userEmailHooks → userHooks',
    afterUpdate: 'userEmailHooks → userHooks → attachmentHooks',
    beforeDelete: 'userHooks',
    afterPurge: 'userHooks',
    selfService: 'userHooks',
    readExtras: 'userEmailHooks',
  },
  UserEmail: {
    prepareAdd: 'accountRowHooks',
    afterAdd: 'defaultEmailHooks',
    prepareUpdate: 'accountRowHooks',
    afterUpdate: 'defaultEmailHooks',
    beforeDelete: 'accountRowHooks',
    selfService: 'ownEmailHooks',
    selfServiceDelete: 'ownEmailHooks',
  },
  Profile_User: {
    prepareAdd: 'accountRowHooks → profileUserHooks',
    prepareUpdate: 'accountRowHooks → profileUserHooks',
    beforeDelete: 'accountRowHooks → profileUserHooks',
  },
  Group_User: {
    prepareAdd: 'accountRowHooks',
    prepareUpdate: 'accountRowHooks',
    beforeDelete: 'accountRowHooks',
  },
  UserPreference: {
    prepareAdd: 'accountRowHooks',
    prepareUpdate: 'accountRowHooks',
    beforeDelete: 'accountRowHooks',
    selfService: 'userPreferenceHooks',
  },
  Document_Item: {
    prepareAdd: 'userAttachmentHooks → documentLinkHooks',
    afterAdd: 'documentLinkHooks',
    prepareUpdate: 'userAttachmentHooks',
    beforeDelete: 'userAttachmentHooks',
    afterPurge: 'documentLinkHooks',
  },
  'Certificate_Item, Domain_Item, Appliance_Item, Item_Project, KnowbaseItem_Item': {
    prepareAdd: 'userAttachmentHooks',
    prepareUpdate: 'userAttachmentHooks',
    beforeDelete: 'userAttachmentHooks',
  },
  Profile: {
    afterAdd: 'profileRightsFields',
    beforeDelete: 'superAdminProfileHooks',
    itemExtras: 'profileRightsFields',
  },
  Computer: {
    prepareInput: 'attachmentHooks',
    prepareAdd: 'assetRuleHooks',
    afterAdd: 'attachmentHooks',
    prepareUpdate: 'assetRuleHooks → lockedFieldHooks',
    afterUpdate: 'carriedItemsHooks → attachmentHooks',
  },
  ProfileRight: {
    prepareAdd: 'profileRightHooks',
    prepareUpdate: 'profileRightHooks',
  },
  APIClient: {
    prepareAdd: 'apiClientTokenHooks',
    prepareUpdate: 'apiClientTokenHooks',
  },
  RuleRightParameter: {
    prepareAdd: 'ldapCriterionHooks',
  },
  AuthLDAP: {
    prepareAdd: 'authLdapHooks',
    afterAdd: 'authLdapHooks',
    prepareUpdate: 'authLdapHooks',
    afterUpdate: 'authLdapHooks',
  },
  Rule: {
    prepareAdd: 'ruleHooks',
    prepareUpdate: 'ruleHooks',
  },
  'RuleCriteria, SlaLevelCriteria, OlaLevelCriteria': {
    prepareAdd: 'ruleCriterionHooks',
    prepareUpdate: 'ruleCriterionHooks',
  },
  RuleAction: {
    prepareAdd: 'ruleActionHooks',
    prepareUpdate: 'ruleActionHooks',
  },
  Ticket: {
    prepareInput: 'itilHooks → attachmentHooks',
    prepareAdd: 'actorChoiceHooks → itilHooks → defaultContractHooks → ticketBusinessRuleHooks → autoAssignHooks → templateCheckHooks → linkedItemHooks → itilDurationHooks → serviceLevelHooks',
    afterAdd: 'itilHooks → linkedItemHooks → taskTemplateHooks → ruleInputHooks → serviceLevelHooks → ticketLinkInputHooks → validationRequestHooks → pendingItemHooks → attachmentHooks → itilNotificationHooks → mentionObserverHooks',
    prepareUpdate: 'actorChoiceHooks → itilHooks → ticketBusinessRuleHooks → itilDurationHooks → serviceLevelHooks',
    afterUpdate: 'itilHooks → ticketBusinessRuleHooks → linkedItemHooks → ruleInputHooks → itilDurationHooks → serviceLevelHooks → ticketLinkInputHooks → pendingItemHooks → attachmentHooks → itilNotificationHooks → mentionObserverHooks',
    beforeDelete: 'itilNotificationHooks',
    afterPurge: 'itilNotificationHooks',
    itemEvent: 'itilNotificationHooks',
  },
  Problem: {
    prepareInput: 'itilHooks → attachmentHooks',
    prepareAdd: 'actorChoiceHooks → itilHooks → templateCheckHooks → linkedItemHooks → itilDurationHooks',
    afterAdd: 'itilHooks → linkedItemHooks → taskTemplateHooks → pendingItemHooks → attachmentHooks → itilNotificationHooks → mentionObserverHooks',
    prepareUpdate: 'actorChoiceHooks → itilHooks → itilDurationHooks',
    afterUpdate: 'itilHooks → linkedItemHooks → itilDurationHooks → pendingItemHooks → attachmentHooks → itilNotificationHooks → mentionObserverHooks',
    beforeDelete: 'itilNotificationHooks',
    afterPurge: 'itilNotificationHooks',
    itemEvent: 'itilNotificationHooks',
  },
  Change: {
    prepareInput: 'itilHooks → attachmentHooks',
    prepareAdd: 'actorChoiceHooks → itilHooks → templateCheckHooks → linkedItemHooks → itilDurationHooks',
    afterAdd: 'itilHooks → linkedItemHooks → taskTemplateHooks → validationRequestHooks → pendingItemHooks → attachmentHooks → itilNotificationHooks → mentionObserverHooks',
    prepareUpdate: 'actorChoiceHooks → itilHooks → itilDurationHooks',
    afterUpdate: 'itilHooks → linkedItemHooks → itilDurationHooks → pendingItemHooks → attachmentHooks → itilNotificationHooks → mentionObserverHooks',
    beforeDelete: 'itilNotificationHooks',
    afterPurge: 'itilNotificationHooks',
    itemEvent: 'itilNotificationHooks',
  },
  Ticket_Ticket: {
    prepareAdd: 'ticketLinkHooks',
    afterAdd: 'ticketLinkTouchHooks',
    afterPurge: 'ticketLinkTouchHooks',
  },
  ITILFollowup: {
    prepareInput: 'approvalHooks → attachmentHooks',
    prepareAdd: 'approvalHooks → followupHooks → pendingTimelineHooks',
    afterAdd: 'takeIntoAccountHooks → followupHistoryHooks → approvalHooks → followupHooks → pendingTimelineHooks → attachmentHooks → timelineNotificationHooks → mentionObserverHooks',
    prepareUpdate: 'followupHooks',
    afterUpdate: 'takeIntoAccountHooks → attachmentHooks → timelineNotificationHooks → mentionObserverHooks',
    beforeDelete: 'timelineNotificationHooks',
    afterPurge: 'takeIntoAccountHooks',
    canWriteOwner: 'followupHooks',
  },
  'TicketTask, ProblemTask, ChangeTask': {
    prepareInput: 'attachmentHooks',
    prepareAdd: 'taskHooks → pendingTimelineHooks',
    afterAdd: 'takeIntoAccountHooks → taskHooks → pendingTimelineHooks → attachmentHooks → timelineNotificationHooks → mentionObserverHooks',
    afterUpdate: 'takeIntoAccountHooks → taskHooks → attachmentHooks → timelineNotificationHooks → mentionObserverHooks',
    beforeDelete: 'timelineNotificationHooks',
    afterPurge: 'takeIntoAccountHooks → taskHooks',
  },
  ITILSolution: {
    prepareInput: 'attachmentHooks',
    prepareAdd: 'solutionHooks',
    afterAdd: 'solutionHooks → duplicateSolutionHooks → attachmentHooks → timelineNotificationHooks → mentionObserverHooks',
    afterUpdate: 'attachmentHooks → timelineNotificationHooks → mentionObserverHooks',
    beforeDelete: 'timelineNotificationHooks',
    canWriteOwner: 'solutionHooks',
  },
  'Ticket_User, Group_Ticket, Supplier_Ticket, Problem_User, Group_Problem, Problem_Supplier, Change_User, Change_Group, Change_Supplier': {
    prepareAdd: 'actorRowChoiceHooks',
    afterAdd: 'assignmentHooks → timelineNotificationHooks',
    prepareUpdate: 'actorRowChoiceHooks',
    afterUpdate: 'timelineNotificationHooks',
    beforeDelete: 'timelineNotificationHooks',
    afterPurge: 'assignmentHooks',
  },
  'TicketRecurrent, RecurrentChange': {
    prepareAdd: 'recurrentHooks',
    prepareUpdate: 'recurrentHooks',
  },
  'TicketValidation, ChangeValidation': {
    prepareAdd: 'validationHooks',
    afterAdd: 'validationHooks → timelineNotificationHooks → mentionObserverHooks',
    prepareUpdate: 'validationHooks',
    afterUpdate: 'validationHooks → timelineNotificationHooks → mentionObserverHooks',
    beforeDelete: 'timelineNotificationHooks',
    afterPurge: 'validationHooks',
  },
  TicketSatisfaction: {
    prepareUpdate: 'satisfactionHooks',
    canWriteOwner: 'satisfactionHooks',
  },
  'Monitor, Peripheral, Printer': {
    prepareInput: 'attachmentHooks',
    prepareAdd: 'assetRuleHooks',
    afterAdd: 'attachmentHooks',
    prepareUpdate: 'assetRuleHooks → lockedFieldHooks',
    afterUpdate: 'attachmentHooks',
  },
  'NetworkEquipment, Phone, Certificate, Unmanaged, Appliance': {
    prepareInput: 'attachmentHooks',
    prepareAdd: 'assetRuleHooks',
    afterAdd: 'attachmentHooks',
    prepareUpdate: 'assetRuleHooks',
    afterUpdate: 'attachmentHooks',
  },
  'Manufacturer, ComputerModel, MonitorModel, PrinterModel, PeripheralModel, NetworkEquipmentModel, PhoneModel, ComputerType, MonitorType, PrinterType, PeripheralType, NetworkEquipmentType, PhoneType, OperatingSystem, OperatingSystemServicePack, OperatingSystemVersion, OperatingSystemArchitecture, OperatingSystemEdition': {
    prepareAdd: 'dropdownDictionaryHooks',
    prepareUpdate: 'dropdownDictionaryHooks',
  },
  'Item_OperatingSystem, Item_Disk, Item_SoftwareVersion, ComputerVirtualMachine, ComputerAntivirus, Item_RemoteManagement, Computer_Item': {
    prepareUpdate: 'lockedFieldHooks',
  },
  'Item_DeviceProcessor, Item_DeviceMemory, Item_DeviceFirmware, Item_DeviceBattery, Item_DeviceControl, Item_DeviceGraphicCard, Item_DeviceSoundCard, Item_DeviceDrive, Item_DeviceHardDrive': {
    prepareInput: 'attachmentHooks',
    afterAdd: 'attachmentHooks',
    prepareUpdate: 'lockedFieldHooks',
    afterUpdate: 'attachmentHooks',
  },
  NetworkPort: {
    prepareAdd: 'networkPortHooks',
    afterAdd: 'networkPortHooks',
    prepareUpdate: 'lockedFieldHooks',
  },
  Software: {
    prepareInput: 'attachmentHooks',
    prepareAdd: 'softwareDictionaryHooks',
    afterAdd: 'attachmentHooks',
    prepareUpdate: 'softwareDictionaryHooks',
    afterUpdate: 'attachmentHooks',
  },
  Reservation: {
    prepareAdd: 'reservationHooks',
    afterAdd: 'reservationNotificationHooks',
    prepareUpdate: 'reservationHooks',
    afterUpdate: 'reservationNotificationHooks',
    beforeDelete: 'reservationNotificationHooks',
    canWriteOwner: 'reservationHooks',
  },
  Document: {
    prepareInput: 'documentHooks',
    prepareAdd: 'documentHooks',
    afterAdd: 'documentHooks',
    prepareUpdate: 'documentHooks',
    afterUpdate: 'documentHooks',
    afterPurge: 'documentHooks',
  },
  KnowbaseItem: {
    prepareInput: 'attachmentHooks',
    prepareAdd: 'faqHooks',
    afterAdd: 'attachmentHooks',
    prepareUpdate: 'faqHooks',
    afterUpdate: 'attachmentHooks',
  },
  'CartridgeItem, ConsumableItem, Contract, Supplier, Budget, DeviceProcessor, DeviceMemory, DeviceHardDrive, DeviceNetworkCard, DeviceGraphicCard, Item_DeviceNetworkCard, DeviceMotherboard, Item_DeviceMotherboard, DeviceFirmware, DeviceDrive, DeviceBattery, DeviceSoundCard, DeviceControl, DevicePci, Item_DevicePci, DeviceCase, Item_DeviceCase, DevicePowerSupply, Item_DevicePowerSupply, DeviceGeneric, Item_DeviceGeneric, DeviceSimcard, Item_DeviceSimcard, DeviceSensor, Item_DeviceSensor, DeviceCamera, Item_DeviceCamera, Contact, Domain, DomainRecord, Line, DatabaseInstance, Datacenter, DCRoom, Rack, Enclosure, PDU, PassiveDCEquipment, Cluster, Cable, Project, ProjectTask, Reminder': {
    prepareInput: 'attachmentHooks',
    afterAdd: 'attachmentHooks',
    afterUpdate: 'attachmentHooks',
  },
  MailCollector: {
    prepareAdd: 'mailCollectorHooks',
    prepareUpdate: 'mailCollectorHooks',
    afterPurge: 'mailCollectorHooks',
    readExtras: 'mailCollectorHooks',
  },
  NotImportedEmail: {
    prepareAdd: 'notImportedEmailHooks',
    prepareUpdate: 'notImportedEmailHooks',
    afterPurge: 'notImportedEmailHooks',
    readExtras: 'notImportedEmailHooks',
  },
  Webhook: {
    prepareInput: 'webhookHooks',
    prepareAdd: 'webhookHooks',
    prepareUpdate: 'webhookHooks',
  },
};

/** The name each hook set is exported under, found by identity in the modules that define them. */
const modules = [hookTable, history, satisfactionAnswers, notifyEvents, mentionObservers, reservationEvents, webhookRules, ruleRows, assetRules, dictionaries, networkPorts, reservations, documentRules, notes, configValues, knowbaseFaq, tree, assignment, itilRules, durations, serviceLevels, pendingReasons, takeIntoAccount, solutions, tasks, recurrentItems, linkedItems, ruleInputs, defaultContracts, autoAssign, actorChoices, templateChecks, ticketLinks, validations, apiClientToken, ldapCriteria, directoryHooks, userEmails, userRules, mailCollectors, mailRefusals, entityStrategies, profileRightsFields, documentLinks, carriedItems, lockedFields];
const names = new Map<unknown, string>(modules.flatMap((m) => Object.entries(m).map(([name, value]) => [value, name] as const)));

test('every hook set of the rule table is named and has only known events', () => {
  for (const [line, rule] of RULES.entries()) {
    expect(names.get(rule.hooks), `rule ${line + 1}: import the module of its hook set here`).toBeString();
    expect(Object.keys(rule.hooks).filter((event) => ![...EVENTS, ...FLAGS].includes(event as never)), `rule ${line + 1}`).toEqual([]);
  }
});

test('for each itemtype and event, the installed hooks run in this order', () => {
  installRules(RULES);
  const byItemtype = new Map<string, string>();
  for (const name of new Set(RULES.flatMap((rule) => rule.itemtypes))) {
    const events: Record<string, string> = {};
    for (const event of EVENTS) {
      const sets = hooksOf(itemtypeOrThrow(name)).filter((hooks) => hooks[event]);
      if (sets.length > 0) events[event] = sets.map((hooks) => names.get(hooks)).join(' → ');
    }
    byItemtype.set(name, JSON.stringify(events));
  }
  // Group the itemtypes that share the same hooks, in the order they first appear in the table.
  const groups = new Map<string, string[]>();
  for (const [name, events] of byItemtype) groups.set(events, [...(groups.get(events) ?? []), name]);
  const actual = Object.fromEntries([...groups].map(([events, itemtypes]) => [itemtypes.join(', '), JSON.parse(events)]));
  expect(actual).toEqual(ORDER);
});
