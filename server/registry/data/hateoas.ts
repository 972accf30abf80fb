import { FAMILIES, ITIL_COUNT_TYPES } from './families';

/**
 * GLPI 10.0's configuration lists behind the relations its API lists in an item's HATEOAS links
 * (document_types, contract_types, infocom_types, ticket_types, networkport_types). The search
 * families hold the same lists, widened for search by what Document::canApplyOn and
 * Infocom::canApplyOn add (the components and their links), which the links do not follow; the
 * one component link GLPI names in infocom_types is the SIM card's.
 */
const component = (name: string) => name.startsWith('Device') || name.startsWith('Item_Device');

export const LINKED_TYPES = {
  document: FAMILIES.document!.types.filter((name) => !component(name)),
  contract: FAMILIES.contract!.types,
  infocom: FAMILIES.financial!.types.filter((name) => !component(name) || name === 'Item_DeviceSimcard'),
  ticket: ITIL_COUNT_TYPES,
  networkport: FAMILIES.network!.types,
} as const satisfies Record<string, readonly string[]>;
