import { useState } from 'preact/hooks';
import { api, type Item } from '../../data/api';
import { usePanel } from '../../data/panel';
import { useApi } from '../../data/use-api';
import { Outcome } from '../../components/Notice';
import { PickForm } from '../../components/PickForm';
import { Picker } from '../../components/Picker';
import { useSession } from '../../data/session';
import { t } from '../../lib/i18n';

/** GLPI's Super-Admin profile (id 4 on every install): the console never lets anyone lock themselves out of it. */
export const SUPER_ADMIN = 4;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A user's authorizations (profile on an entity) and groups, activation and API token. */
export function Access({ userId, user, editable, onChange }: { userId: number; user: Item; editable: boolean; onChange: () => Promise<void> }) {
  const { info } = useSession();
  const { message, error: written, reload, refuse, write } = usePanel(onChange);
  const [token, setToken] = useState('');
  const [profile, setProfile] = useState({ id: 0, name: '' });
  const [entity, setEntity] = useState({ id: 0, name: '' });
  const [recursive, setRecursive] = useState(true);

  const loaded = useApi(async () => {
    const raw = (sub: string) => api.subItems('User', userId, sub, { range: '0-999' });
    const named = (sub: string) => api.subItems('User', userId, sub, { range: '0-999', expand_dropdowns: true });
    const [ids, names, groups] = await Promise.all([raw('Profile_User'), named('Profile_User'), named('Group_User')]);
    // Names for display, ids for the guard rail.
    return { grants: names.map((n): Item => ({ ...n, _profile: ids.find((i) => i.id === n.id)?.profiles_id })), groups };
  }, [userId, reload]);
  const { grants, groups } = loaded.data ?? { grants: null, groups: null };
  const error = written || loaded.error;


  const removeGrant = (grant: Item) => {
    const superAdmin = Number(grant._profile) === SUPER_ADMIN;
    const others = grants?.filter((g) => g.id !== grant.id && Number(g._profile) === SUPER_ADMIN).length ?? 0;
    if (userId === info.userId && superAdmin && others === 0) {
      refuse(t('You cannot remove your own last Super-Admin authorization: ask another Super-Admin.'));
      return;
    }
    void write(() => api.remove('Profile_User', grant.id, true), t('Authorization removed.'));
  };
  const active = Number(user.is_active) === 1;
  /** The root entity (id 0) is named as the server names it (stored data, like every entity name). */
  const rootName = info.entities.find((e) => e.id === 0)?.name ?? '#0';

  return (
    <section class="actors" aria-label={t('Access')}>
      <Outcome message={message} error={error} />
      {token && (
        <div class="notice notice-info" role="status">
          <span>
            {t('New API token (shown once, copy it now):')} <code class="token">{token}</code>
          </span>
        </div>
      )}
      <h2>{t('Authorizations')}</h2>
      {grants && !grants.length && <p class="muted">{t('No authorization: this user cannot sign in.')}</p>}
      <ul class="linked-items" aria-label={t('Authorizations')}>
        {grants?.map((g) => (
          <li key={g.id}>
            <strong>{str(g.profiles_id)}</strong> {t('on')} {str(g.entities_id)}
            {Number(g.is_recursive) === 1 && <span class="muted"> {t('(and sub-entities)')}</span>}
            {editable && (
              <button type="button" class="link" aria-label={t('Remove {profile} on {entity}', { profile: str(g.profiles_id), entity: str(g.entities_id) })} onClick={() => removeGrant(g)}>
                {t('Remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <form
          class="form-grid"
          aria-label={t('Add an authorization')}
          onSubmit={(e) => {
            e.preventDefault();
            if (!profile.id) return refuse(t('Choose a profile first.'));
            void write(
              () => api.create('Profile_User', { users_id: userId, profiles_id: profile.id, entities_id: entity.id, is_recursive: recursive ? 1 : 0 }),
              t('{name} added.', { name: profile.name }),
            );
          }}
        >
          <div class="field">
            <label for="grant-profile">{t('Profile')}</label>
            <Picker id="grant-profile" itemtype="Profile" value={profile.id} display={profile.name} allowNone={false} onChange={(i, name) => setProfile({ id: i, name })} />
          </div>
          <div class="field">
            <label for="grant-entity">{t('Entity')}</label>
            <Picker id="grant-entity" itemtype="Entity" value={entity.id} display={entity.name || rootName} allowNone={false} onChange={(i, name) => setEntity({ id: i, name })} />
          </div>
          <div class="field field-check">
            <input id="grant-recursive" type="checkbox" checked={recursive} onChange={(e) => setRecursive(e.currentTarget.checked)} />
            <label for="grant-recursive">{t('And its sub-entities')}</label>
          </div>
          <div class="form-actions">
            <button type="submit">{t('Add authorization')}</button>
          </div>
        </form>
      )}

      <h2>{t('Groups')}</h2>
      {groups && !groups.length && <p class="muted">{t('In no group.')}</p>}
      <ul class="linked-items" aria-label={t('Groups')}>
        {groups?.map((g) => (
          <li key={g.id}>
            {str(g.groups_id)}
            {editable && (
              <button type="button" class="link" aria-label={t('Leave {group}', { group: str(g.groups_id) })} onClick={() => void write(() => api.remove('Group_User', g.id, true), t('Group left.'))}>
                {t('Remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <PickForm
          label={t('Add to a group')}
          pickerId="member-group"
          pickerLabel={t('Group')}
          itemtype="Group"
          button={t('Add to group')}
          onMissing={() => refuse(t('Choose a group first.'))}
          onAdd={(picked) => write(() => api.create('Group_User', { users_id: userId, groups_id: picked.id }), t('Added to {group}.', { group: picked.name }))}
        />
      )}

      {editable && (
        <>
          <h2>{t('Account')}</h2>
          <div class="form-actions" style="justify-content: flex-start">
            <button
              type="button"
              class="secondary"
              onClick={() => {
                if (userId === info.userId && active) return refuse(t('You cannot deactivate your own account.'));
                void write(() => api.update('User', userId, { is_active: active ? 0 : 1 }), active ? t('User deactivated.') : t('User activated.'));
              }}
            >
              {active ? t('Deactivate') : t('Activate')}
            </button>
            <button
              type="button"
              class="secondary"
              onClick={() => {
                // The old token stops working at once: scripts using it fail until they get the new one.
                if (!confirm(t('Reset the API token? Scripts using the current one will stop working.'))) return;
                void write(async () => {
                  const result = await api.update('User', userId, { _reset_api_token: true });
                  setToken(str(result.api_token));
                }, t('API token reset.'));
              }}
            >
              {t('Reset the API token')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
