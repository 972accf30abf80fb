import { FAMILIES, ITIL_COUNT_TYPES } from './families';

/**
 * GLPI 10.0's configuration lists behind the relations its API lists in an item's HATEOAS links
 * (document_types, contract_types, infocom_types, ticket_types, project_asset_types,
 * networkport_types, and the components' itemdevices_types with its narrower lists). The search
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
  // project_asset_types: the assets with software, the components (not their links) and certificates.
  project: [
    'Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software', 'DeviceMotherboard', 'DeviceProcessor',
    'DeviceMemory', 'DeviceHardDrive', 'DeviceNetworkCard', 'DeviceDrive', 'DeviceControl', 'DeviceGraphicCard', 'DeviceSoundCard',
    'DevicePci', 'DeviceCase', 'DevicePowerSupply', 'DeviceGeneric', 'DeviceBattery', 'DeviceFirmware', 'Certificate',
  ],
  // itemdevices_types: the types whose items list their components.
  device: ['Computer', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Enclosure'],
} as const satisfies Record<string, readonly string[]>;

/** The component links GLPI lists only for the types of a narrower list (itemdevicememory_types, …). */
export const NARROWER_DEVICE_TYPES: Readonly<Record<string, readonly string[]>> = {
  Item_DeviceMemory: ['Computer', 'NetworkEquipment', 'Peripheral', 'Printer'],
  Item_DevicePowerSupply: ['Computer', 'NetworkEquipment', 'Enclosure'],
  Item_DeviceNetworkCard: ['Computer', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer'],
};
