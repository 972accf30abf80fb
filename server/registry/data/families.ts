/**
 * The search option families GLPI 10.0's search adds to a type's own list (financial data,
 * contracts, documents, notes, network ports, domains, appliances, external links), and which
 * itemtypes get each: GLPI's capability lists (`infocom_types`, `contract_types`, … of its
 * configuration; notes where the type's own list adds them). A family is its option ids, in GLPI's
 * order; each option is the one GLPI's option dump lists under that id for FAMILY_PATTERN, and the
 * section is the dump's section of the same key. The dumped types already carry their families,
 * so these lists matter for the types beyond the dump. They are not the itemtypes' features, which
 * say what a type may be linked to (a domain keeps notes, yet GLPI lists no note option for it);
 * where a list names a type whose feature is missing, the option is listed but not searchable.
 */
export const FAMILY_PATTERN = 'Computer';

const LINK_TYPES = [
  'Budget', 'CartridgeItem', 'Computer', 'ConsumableItem', 'Contact', 'Contract', 'Monitor', 'NetworkEquipment', 'Peripheral',
  'Phone', 'Printer', 'Software', 'Supplier', 'User', 'Certificate', 'Cluster', 'DCRoom', 'Domain', 'Appliance', 'DatabaseInstance',
];

/** GLPI 10.0's components (device_types) and their links to items ($CFG_GLPI['itemdevices']). */
const DEVICES = [
  'Motherboard', 'Firmware', 'Processor', 'Memory', 'HardDrive', 'NetworkCard', 'Drive', 'Battery', 'GraphicCard', 'SoundCard', 'Control',
  'Pci', 'Case', 'PowerSupply', 'Generic', 'Simcard', 'Sensor', 'Camera',
].map((d) => `Device${d}`);
const ITEM_DEVICES = DEVICES.map((d) => `Item_${d}`);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export interface Family {
  ids: readonly number[];
  types: readonly string[];
}

/** Section key of the dump → the family, in the order GLPI appends them. */
export const FAMILIES: Readonly<Record<string, Family>> = {
  notepad: {
    ids: range(200, 204),
    types: [
    'Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software', 'SoftwareLicense', 'CartridgeItem',
    'ConsumableItem', 'Document', 'Entity', 'Problem', 'Change', 'Certificate', 'Rack', 'Cluster', 'Enclosure', 'DatabaseInstance',
    'Contact', 'Budget', 'Supplier', 'Contract', 'Project', 'DCRoom',
    ],
  },
  network: {
    ids: [21, 87, 126, 127, 128, 22, 157, 158, 62, 88],
    types: ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Enclosure', 'PDU', 'Cluster', 'Unmanaged'],
  },
  contract: {
    ids: [139, 29, 30, ...range(129, 138)],
    types: [
    'Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Project', 'Line', 'Software', 'SoftwareLicense',
    'Certificate', 'DCRoom', 'Rack', 'Enclosure', 'Cluster', 'PDU', 'Appliance', 'Domain', 'DatabaseInstance', ...ITEM_DEVICES,
    ],
  },
  document: {
    ids: [119],
    types: [
    'Budget', 'CartridgeItem', 'Change', 'Computer', 'ConsumableItem', 'Contact', 'Contract', 'Document', 'Entity', 'KnowbaseItem',
    'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Problem', 'Project', 'ProjectTask', 'Reminder', 'Software',
    'Line', 'SoftwareLicense', 'Supplier', 'Ticket', 'User', 'Certificate', 'Cluster', 'ITILFollowup', 'ITILSolution', 'ChangeTask',
    'ProblemTask', 'TicketTask', 'Appliance', 'DatabaseInstance',
    // Document::canApplyOn: every component and component link.
    ...DEVICES, ...ITEM_DEVICES,
    ],
  },
  financial: {
    ids: [25, 26, 27, 28, 37, 38, 142, 124, 123, 125, 50, 51, 52, 120, 53, 54, 55, 56, 57, 58, 59, 122, 173, 159],
    types: [
    'Cartridge', 'CartridgeItem', 'Computer', 'Consumable', 'ConsumableItem', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone',
    'Printer', 'Software', 'SoftwareLicense', 'Line', 'Certificate', 'Domain', 'Appliance', 'Rack', 'Enclosure', 'PDU',
    'PassiveDCEquipment', 'DatabaseInstance', 'Cable',
    // Infocom::canApplyOn: every component link.
    ...ITEM_DEVICES,
    ],
  },
  domain: {
    ids: [205, 206],
    types: [
    'Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software', 'Appliance', 'Certificate',
    'DatabaseInstance', 'Database', 'Unmanaged',
    ],
  },
  appliance: {
    ids: range(1210, 1213),
    types: ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software', 'Appliance', 'Cluster', 'DatabaseInstance', 'Database'],
  },
  link: { ids: [145], types: LINK_TYPES },
  manuallink: { ids: [146], types: LINK_TYPES },
};

/**
 * GLPI 10.0's ticket_types: the items a ticket, problem or change may name. Its search gives each
 * the counts of the tickets (60), problems (140) and changes (141) naming it, in an "Assistance"
 * section after the type's own options.
 */
export const ITIL_COUNT_TYPES: readonly string[] = [
  'Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software', 'SoftwareLicense', 'Certificate', 'Line',
  'DCRoom', 'Rack', 'Enclosure', 'Cluster', 'PDU', 'Domain', 'DomainRecord', 'Appliance', 'Item_DeviceSimcard', 'PassiveDCEquipment',
  'DatabaseInstance', 'Database', 'Cable',
];
