import { t } from '../../lib/i18n';
import { READ, can, typeDef } from '../../lib/itemtypes';

/**
 * The sections of an asset page, each shown only when the type has it, from the server's
 * registry: its features (components, software, network ports, connections, financial data,
 * contracts, documents, ITIL links), the types ReservationItem may name, and its columns (a
 * check-out needs `users_id` and `states_id`). Sections whose rows the profile may not read are left out.
 */
export interface AssetSection {
  key: string;
  label: string;
}

const has = (itemtype: string, column: string) => typeDef(itemtype).type?.columns.some((c) => c.name === column) ?? false;

export function assetSections(itemtype: string, profile: Record<string, unknown> | null): AssetSection[] {
  const type = typeDef(itemtype).type;
  if (type?.kind !== 'asset') return [];
  const features = new Set<string>(type.features);
  const out: AssetSection[] = [];
  const add = (shown: boolean, key: string, label: string) => shown && out.push({ key, label });
  const reads = (type: string) => can(profile, type, READ);
  add(features.has('device') || features.has('disk'), 'components', t('Components'));
  add(features.has('software') && reads('Software'), 'software', t('Software'));
  add(features.has('networkport') && reads('NetworkEquipment'), 'ports', t('Network ports'));
  add(features.has('connection') || features.has('connectable'), 'connections', t('Connections'));
  add(features.has('infocom') && reads('Infocom'), 'financial', t('Financial and administrative information'));
  add(features.has('contract') && reads('Contract'), 'contracts', t('Contracts'));
  add(features.has('document') && reads('Document'), 'documents', t('Documents'));
  add((typeDef('ReservationItem').type?.polyTargets.includes(itemtype) ?? false) && reads('ReservationItem'), 'reservations', t('Reservations'));
  add(has(itemtype, 'users_id') && has(itemtype, 'states_id'), 'checkout', t('Check-out'));
  add(true, 'label', t('Label'));
  return out;
}

/**
 * A type's name, or for a type the registry has no label for, its class name made readable with
 * the given prefix taken off (DeviceHardDrive → "Hard drive", NetworkPortEthernet → "Ethernet").
 */
export function readableType(itemtype: string, prefix: string): string {
  const label = typeDef(itemtype).label;
  if (label !== itemtype) return label;
  const words = itemtype.slice(itemtype.startsWith(prefix) ? prefix.length : 0).replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0) + words.slice(1).toLowerCase();
}
