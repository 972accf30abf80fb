import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Item } from '../../data/api';
import { useApi, useDraft } from '../../data/use-api';
import { Notice, Outcome } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { usePanel } from '../../data/panel';
import { href } from '../../lib/router';
import { saveFile } from '../items/Documents';

/** A plain table: its accessible name, column heads and rows of cells. */
function Table({ label, head, rows }: { label: string; head: string[]; rows: [key: number | string, cells: ComponentChildren[]][] }) {
  return (
    <table class="list" aria-label={label}>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, cells]) => (
          <tr key={key}>
            {cells.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

async function download(agent: Item): Promise<void> {
  const blob = await api.agentInventory(agent.id);
  saveFile(blob, `${String(agent.deviceid)}.${blob.type.includes('json') ? 'json' : 'xml'}`);
}

/** An inventoried asset's inventory: where it comes from, its agents (last contact, last inventory to download) and the software they reported. */
export function AssetInventory({ itemtype, id, item, locked }: { itemtype: string; id: number; item: Item; locked: Set<string> }) {
  const loaded = useApi(async () => {
    const [agents, expanded] = await Promise.all([
      api.list('Agent', { range: '0-99', searchText: { itemtype: `^${itemtype}$`, items_id: `^${id}$` } }).then((p) => p.items).catch((): Item[] => []),
      api.get(itemtype, id, { with_softwares: true, expand_dropdowns: true }),
    ]);
    const software = Array.isArray(expanded._softwares) ? (expanded._softwares as Item[]) : [];
    return { agents, software, source: String(expanded.autoupdatesystems_id || '') };
  }, [itemtype, id]);
  const { agents, software, source } = loaded.data ?? { agents: null, software: null, source: '' };
  const { message, error, failed } = usePanel();
  return (
    <section class="panel" aria-label={t('Inventory')}>
      <dl class="facts">
        <dt>{t('Inventory source')}</dt>
        <dd translate={false}>{Number(item.is_dynamic) === 1 ? source || t('None') : t('Typed by hand')}</dd>
        <dt>{t('Last inventory')}</dt>
        <dd>{item.last_inventory_update ? String(item.last_inventory_update) : t('Never')}</dd>
        <dt>{t('Locked fields')}</dt>
        <dd translate={false}>{locked.size > 0 ? [...locked].sort().join(', ') : t('None')}</dd>
      </dl>
      <Outcome message={message} error={error || loaded.error} />
      <h2>{t('Agents')}</h2>
      {agents === null ? (
        <p role="status">{t('Loading…')}</p>
      ) : agents.length === 0 ? (
        <p class="muted">{t('No agent reports this item.')}</p>
      ) : (
        <Table
          label={t('Agents')}
          head={[t('Device id'), t('Version'), t('Last contact'), t('Last inventory')]}
          rows={agents.map((a) => [
            a.id,
            [
              <a href={href(['Agent', a.id])} translate={false}>
                {String(a.deviceid)}
              </a>,
              String(a.version ?? ''),
              String(a.last_contact ?? ''),
              <button type="button" class="secondary" onClick={() => download(a).catch((e: unknown) => failed(e))}>
                {t('Download')}
              </button>,
            ],
          ])}
        />
      )}
      <h2>{t('Software')}</h2>
      {software === null ? (
        <p role="status">{t('Loading…')}</p>
      ) : software.length === 0 ? (
        <p class="muted">{t('No software installed.')}</p>
      ) : (
        <Table
          label={t('Installed software')}
          head={[t('Name'), t('Version'), t('From the inventory')]}
          rows={software.map((s, i) => [i, [String(s.softwares_id), String(s.softwareversions_id), Number(s.is_dynamic) === 1 ? t('Yes') : t('No')]])}
        />
      )}
    </section>
  );
}

/** The inventory settings GLPI 10 shows, by kind: on/off switches, numbers, the agents' authentication. */
const SWITCHES = [
  'enabled_inventory', 'import_software', 'import_volume', 'import_antivirus', 'import_vm', 'import_monitor', 'import_printer', 'import_peripheral',
  'component_processor', 'component_memory', 'component_harddrive', 'component_graphiccard', 'component_soundcard', 'component_drive', 'component_control', 'component_battery',
  'vm_as_computer', 'vm_components',
];
const NUMBERS = ['entities_id_default', 'states_id_default', 'vm_type', 'stale_agents_delay'];
const LABELS: Record<string, string> = {
  enabled_inventory: 'Enable inventory',
  import_software: 'Software',
  import_volume: 'Volumes',
  import_antivirus: 'Antivirus',
  import_vm: 'Virtual machines',
  import_monitor: 'Monitors',
  import_printer: 'Printers',
  import_peripheral: 'Peripherals',
  component_processor: 'Processors',
  component_memory: 'Memories',
  component_harddrive: 'Hard drives',
  component_graphiccard: 'Graphic cards',
  component_soundcard: 'Sound cards',
  component_drive: 'Drives',
  component_control: 'Controllers',
  component_battery: 'Batteries',
  vm_as_computer: 'Virtual machines as computers',
  vm_components: 'Components of virtual machines',
  vm_type: 'Computer type of virtual machines (id)',
  entities_id_default: 'Default entity (id)',
  states_id_default: 'Default status (id)',
  stale_agents_delay: 'Stale agents after (days)',
  auth_required: 'Agents authentication',
  basic_auth_login: 'Login',
  basic_auth_password: 'Password',
};

/** The inventory page: GLPI 10's inventory configuration (Config items of context inventory) and the agents with their last contact. */
export function InventorySettings() {
  const [busy, setBusy] = useState(false);
  const { message, error: written, reload, write } = usePanel();
  const loaded = useApi(
    () =>
      Promise.all([
        api.list('Config', { range: '0-999', searchText: { context: '^inventory$' } }),
        api.list('Agent', { range: '0-199', sort: 'last_contact', order: 'DESC', expand_dropdowns: true }).catch(() => ({ items: [] as Item[] })),
      ]),
    [reload],
  );
  // The form edits a copy of the settings, taken again at every load.
  const rows = loaded.data?.[0].items ?? null;
  const [values, setValues] = useDraft(rows, (loaded): Record<string, string> => Object.fromEntries((loaded ?? []).map((r) => [String(r.name), String(r.value ?? '')])));
  const error = written || loaded.error;
  const agents = loaded.data?.[1].items ?? [];
  if (rows === null) return <div class="page">{error ? <Notice kind="error">{error}</Notice> : <p role="status">{t('Loading…')}</p>}</div>;
  const byName = new Map(rows.map((r) => [String(r.name), r]));
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    await write(async () => {
      for (const [name, value] of Object.entries(values)) {
        const row = byName.get(name);
        // The password is never read back: sent only when typed.
        if (row && (name === 'basic_auth_password' ? value !== '' : value !== String(row.value ?? ''))) await api.update('Config', row.id, { value });
      }
    }, () => t('Saved.'));
    setBusy(false);
  };
  return (
    <div class="page">
      <h1>{t('Inventory')}</h1>
      <Outcome message={message} error={error} />
      <form class="item-form" onSubmit={save} aria-label={t('Inventory settings')}>
        <fieldset disabled={busy}>
          <legend>{t('Inventory settings')}</legend>
          <div class="form-grid">
            {SWITCHES.filter((n) => byName.has(n)).map((name) => (
              <div class="field field-check" key={name}>
                <input id={`inv-${name}`} type="checkbox" checked={values[name] === '1'} onChange={(e) => set(name, e.currentTarget.checked ? '1' : '0')} />
                <label for={`inv-${name}`}>{t(LABELS[name]!)}</label>
              </div>
            ))}
            {NUMBERS.filter((n) => byName.has(n)).map((name) => (
              <div class="field" key={name}>
                <label for={`inv-${name}`}>{t(LABELS[name]!)}</label>
                <input id={`inv-${name}`} type="number" min="0" value={values[name]} onInput={(e) => set(name, e.currentTarget.value)} />
              </div>
            ))}
            <div class="field">
              <label for="inv-auth_required">{t(LABELS.auth_required!)}</label>
              <select id="inv-auth_required" value={values.auth_required} onChange={(e) => set('auth_required', e.currentTarget.value)}>
                <option value="none">{t('None')}</option>
                <option value="basic_auth">{t('Basic authentication')}</option>
              </select>
            </div>
            {values.auth_required === 'basic_auth' && (
              <>
                <div class="field">
                  <label for="inv-basic_auth_login">{t(LABELS.basic_auth_login!)}</label>
                  <input id="inv-basic_auth_login" type="text" autoComplete="off" value={values.basic_auth_login ?? ''} onInput={(e) => set('basic_auth_login', e.currentTarget.value)} />
                </div>
                <div class="field">
                  <label for="inv-basic_auth_password">{t(LABELS.basic_auth_password!)}</label>
                  <input id="inv-basic_auth_password" type="password" autoComplete="new-password" value={values.basic_auth_password ?? ''} onInput={(e) => set('basic_auth_password', e.currentTarget.value)} />
                </div>
              </>
            )}
          </div>
        </fieldset>
        <div class="form-actions">
          <button type="submit" disabled={busy}>
            {t('Save')}
          </button>
        </div>
      </form>
      <h2>{t('Agents')}</h2>
      <Table
        label={t('Agents')}
        head={[t('Name'), t('Device id'), t('Version'), t('Last contact'), t('Computer')]}
        rows={agents.map((a) => [a.id, [<a href={href(['Agent', a.id])}>{String(a.name ?? '')}</a>, String(a.deviceid), String(a.version ?? ''), String(a.last_contact ?? ''), String(a.items_id ?? '')]])}
      />
    </div>
  );
}
