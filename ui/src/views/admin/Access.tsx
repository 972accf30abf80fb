import { useState } from 'preact/hooks';
import { api, type Item } from '../../data/api';
import { usePanel } from '../../data/panel';
import { useApi } from '../../data/use-api';
import { Outcome } from '../../components/Notice';
import { PickForm } from '../../components/PickForm';
import { Picker } from '../../components/Picker';
import { useSession } from '../../data/session';
import { t } from '../../lib/i18n';
import { SUPER_ADMIN } from '../../lib/itemtypes';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** How the parts of the Access tab write: the shared panel's refusal and write. */
type Panel = Pick<ReturnType<typeof usePanel>, 'refuse' | 'write'>;

/** A user's authorizations (profile on an entity) and groups, activation and API token. */
export function Access({ userId, user, editable, onChange }: { userId: number; user: Item; editable: boolean; onChange: () => Promise<void> }) {
  const { message, error: written, reload, refuse, write } = usePanel(onChange);
  const [token, setToken] = useState('');

  const loaded = useApi(async () => {
    const raw = (sub: string) => api.subItems('User', userId, sub, { range: '0-999' });
    const named = (sub: string) => api.subItems('User', userId, sub, { range: '0-999', expand_dropdowns: true });
    const [ids, names, groups] = await Promise.all([raw('Profile_User'), named('Profile_User'), named('Group_User')]);
    // Names for display, ids for the guard rail.
    return { grants: names.map((n): Item => ({ ...n, _profile: ids.find((i) => i.id === n.id)?.profiles_id })), groups };
  }, [userId, reload]);
  const panel = { refuse, write };

  return (
    <section class="actors" aria-label={t('Access')}>
      <Outcome message={message} error={written || loaded.error} />
      {token && (
        <div class="notice notice-info" role="status">
          <span>
            {t('New API token (shown once, copy it now):')} <code class="token">{token}</code>
          </span>
        </div>
      )}
      <Grants userId={userId} grants={loaded.data?.grants ?? null} editable={editable} panel={panel} />
      <Groups userId={userId} groups={loaded.data?.groups ?? null} editable={editable} panel={panel} />
      {editable && <Account userId={userId} user={user} panel={panel} onToken={setToken} />}
    </section>
  );
}

/** The user's authorizations, each removable (never the signed-in user's last Super-Admin one). */
function Grants({ userId, grants, editable, panel }: { userId: number; grants: Item[] | null; editable: boolean; panel: Panel }) {
  const { info } = useSession();
  const removeGrant = (grant: Item) => {
    const superAdmin = Number(grant._profile) === SUPER_ADMIN;
    const others = grants?.filter((g) => g.id !== grant.id && Number(g._profile) === SUPER_ADMIN).length ?? 0;
    if (userId === info.userId && superAdmin && others === 0) {
      panel.refuse(t('You cannot remove your own last Super-Admin authorization: ask another Super-Admin.'));
      return;
    }
    void panel.write(() => api.remove('Profile_User', grant.id, true), t('Authorization removed.'));
  };
  return (
    <>
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
      {editable && <GrantForm userId={userId} panel={panel} />}
    </>
  );
}

/** Adds an authorization: a profile on an entity, with or without its sub-entities. */
function GrantForm({ userId, panel }: { userId: number; panel: Panel }) {
  const { info } = useSession();
  const [profile, setProfile] = useState({ id: 0, name: '' });
  const [entity, setEntity] = useState({ id: 0, name: '' });
  const [recursive, setRecursive] = useState(true);
  /** The root entity (id 0) is named as the server names it (stored data, like every entity name). */
  const rootName = info.entities.find((e) => e.id === 0)?.name ?? '#0';
  return (
    <form
      class="form-grid"
      aria-label={t('Add an authorization')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!profile.id) return panel.refuse(t('Choose a profile first.'));
        void panel.write(
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
  );
}

/** The user's group memberships, each removable, and a form to add one. */
function Groups({ userId, groups, editable, panel }: { userId: number; groups: Item[] | null; editable: boolean; panel: Panel }) {
  return (
    <>
      <h2>{t('Groups')}</h2>
      {groups && !groups.length && <p class="muted">{t('In no group.')}</p>}
      <ul class="linked-items" aria-label={t('Groups')}>
        {groups?.map((g) => (
          <li key={g.id}>
            {str(g.groups_id)}
            {editable && (
              <button type="button" class="link" aria-label={t('Leave {group}', { group: str(g.groups_id) })} onClick={() => void panel.write(() => api.remove('Group_User', g.id, true), t('Group left.'))}>
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
          onMissing={() => panel.refuse(t('Choose a group first.'))}
          onAdd={(picked) => panel.write(() => api.create('Group_User', { users_id: userId, groups_id: picked.id }), t('Added to {group}.', { group: picked.name }))}
        />
      )}
    </>
  );
}

/** Activation (never one's own deactivation) and the API token reset, whose new token `onToken` shows. */
function Account({ userId, user, panel, onToken }: { userId: number; user: Item; panel: Panel; onToken: (token: string) => void }) {
  const { info } = useSession();
  const active = Number(user.is_active) === 1;
  return (
    <>
      <h2>{t('Account')}</h2>
      <div class="form-actions" style="justify-content: flex-start">
        <button
          type="button"
          class="secondary"
          onClick={() => {
            if (userId === info.userId && active) return panel.refuse(t('You cannot deactivate your own account.'));
            void panel.write(() => api.update('User', userId, { is_active: active ? 0 : 1 }), active ? t('User deactivated.') : t('User activated.'));
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
            void panel.write(async () => {
              const result = await api.update('User', userId, { _reset_api_token: true });
              onToken(str(result.api_token));
            }, t('API token reset.'));
          }}
        >
          {t('Reset the API token')}
        </button>
      </div>
    </>
  );
}
