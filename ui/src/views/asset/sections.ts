import { t } from '../../i18n';
import { typeDef } from '../../itemtypes';

/**
 * The sections of an asset page, each shown only when the type has it, from the server's
 * registry: its features (components, software, network ports, connections, financial data,
 * contracts, documents, ITIL links), the types ReservationItem may name, and its columns (a
 * check-out needs `users_id` and `states_id`).
 */
export interface AssetSection {
  key: string;
  label: string;
}

const has = (itemtype: string, column: string) => typeDef(itemtype).type?.columns.some((c) => c.name === column) ?? false;

export function assetSections(itemtype: string): AssetSection[] {
  const type = typeDef(itemtype).type;
  if (type?.kind !== 'asset') return [];
  const features = new Set<string>(type.features);
  const out: AssetSection[] = [];
  const add = (shown: boolean, key: string, label: string) => shown && out.push({ key, label });
  add(features.has('device') || features.has('disk'), 'components', t('Components'));
  add(features.has('software'), 'software', t('Software'));
  add(features.has('networkport'), 'ports', t('Network ports'));
  add(features.has('connection') || features.has('connectable'), 'connections', t('Connections'));
  add(features.has('infocom'), 'financial', t('Financial and administrative information'));
  add(features.has('contract'), 'contracts', t('Contracts'));
  add(features.has('document'), 'documents', t('Documents'));
  add(typeDef('ReservationItem').type?.polyTargets.includes(itemtype) ?? false, 'reservations', t('Reservations'));
  add(has(itemtype, 'users_id') && has(itemtype, 'states_id'), 'checkout', t('Check-out'));
  add(true, 'label', t('Label'));
  return out;
}
