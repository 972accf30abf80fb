import { type ActiveProfile, api } from '../../data/api';
import { Notice } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { DELETE, PURGE, SUPER_ADMIN, can, typeDef } from '../../lib/itemtypes';
import { href, navigate } from '../../lib/router';

type Outcome = { kind: 'success'; text: string } | void;

interface Props {
  itemtype: string;
  id: number;
  title: string;
  deleted: boolean;
  profile: ActiveProfile;
  busy: boolean;
  /** Runs an action with the page busy and shows what it answers. */
  act: (action: () => Promise<Outcome>) => Promise<void>;
  /** Reads the item again after a change. */
  refresh: () => Promise<void>;
}

/**
 * The head of an item's page: the way back to its list (or trash), its title, and for a stored
 * item its actions: to the trash and back, or deleted for good (never the Super-Admin profile).
 */
export function ItemHead(props: Omit<Props, 'id'> & { id: number | null }) {
  const { itemtype, id, title, deleted } = props;
  const def = typeDef(itemtype);
  return (
    <>
      <p class="crumbs">
        <a href={href([itemtype], { trash: deleted ? 1 : undefined })}>{deleted ? t('{types} — trash', { types: def.plural }) : def.plural}</a>
      </p>
      <div class="page-head">
        <h1>
          <span translate={false}>{title}</span>
          {id !== null && <span class="muted id-tag">#{id}</span>}
          {deleted && <span class="badge badge-trash">{t('In the trash')}</span>}
        </h1>
        {id !== null && <ItemActions {...props} id={id} />}
      </div>
    </>
  );
}

/** An item that could not be read: the way back to its list and why. */
export function ItemLoadError({ itemtype, heading, error }: { itemtype: string; heading: string; error: string }) {
  return (
    <div class="page">
      <p class="crumbs">
        <a href={href([itemtype])}>{typeDef(itemtype).plural}</a>
      </p>
      <h1>{heading}</h1>
      <Notice kind="error">{error}</Notice>
    </div>
  );
}

function ItemActions({ itemtype, id, title, deleted, profile, busy, act, refresh }: Props) {
  const def = typeDef(itemtype);
  const trash = () =>
    act(async () => {
      await api.remove(itemtype, id);
      await refresh();
      return { kind: 'success', text: t('{type} moved to the trash.', { type: def.label }) };
    });
  const restore = () =>
    act(async () => {
      await api.update(itemtype, id, { is_deleted: 0 });
      await refresh();
      return { kind: 'success', text: t('{type} restored.', { type: def.label }) };
    });
  const purge = () => {
    if (!confirm(t('Delete “{name}” permanently? This cannot be undone.', { name: title }))) return;
    void act(async () => {
      await api.remove(itemtype, id, true);
      navigate([itemtype], { trash: deleted ? 1 : undefined });
    });
  };
  return (
    <div class="actions">
      {def.trash && !deleted && can(profile, itemtype, DELETE) && (
        <button type="button" class="secondary" disabled={busy} onClick={() => void trash()}>
          {t('Put in the trash')}
        </button>
      )}
      {def.trash && deleted && can(profile, itemtype, DELETE) && (
        <button type="button" class="secondary" disabled={busy} onClick={() => void restore()}>
          {t('Restore')}
        </button>
      )}
      {(deleted || !def.trash) && can(profile, itemtype, PURGE) && !(itemtype === 'Profile' && id === SUPER_ADMIN) && (
        <button type="button" class="danger" disabled={busy} onClick={purge}>
          {t('Delete permanently')}
        </button>
      )}
    </div>
  );
}
