import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { api, errorText, type Item, type SearchOption } from '../api';
import { FieldInput } from '../components/FieldInput';
import { Notice } from '../components/Notice';
import { changedInput, createInput, type FieldDef, formLayout, initialValues, type Values } from '../fields';
import { t } from '../i18n';
import { CREATE, DELETE, PURGE, UPDATE, can, typeDef } from '../itemtypes';
import { href, navigate } from '../router';
import { useSession } from '../session';
import { Access, SUPER_ADMIN } from './Access';
import { Actors } from './Actors';
import { DocumentLink } from './Documents';
import { History } from './History';
import { ProfileRights } from './ProfileRights';
import { RuleParts } from './RuleParts';
import { LinkedItems } from './LinkedItems';
import { AssetSectionView } from './asset/AssetSectionView';
import { ItilLinks } from './asset/ItilLinks';
import { assetSections } from './asset/sections';
import { Timeline } from './Timeline';
import { Mailbox, RefusedMail } from './Mail';

type Message = { kind: 'error' | 'success' | 'info'; text: string } | null;

/** A message to show on the next item view (after creating, which changes the route). */
let flash: Message = null;

const ITIL = new Set(['Ticket', 'Problem', 'Change']);

export function ItemView({ itemtype, id, query }: { itemtype: string; id: number | null; query: URLSearchParams }) {
  const { info, scope } = useSession();
  const def = typeDef(itemtype);
  const profile = info.activeProfile;
  const [options, setOptions] = useState<Record<string, SearchOption> | null>(null);
  const [item, setItem] = useState<Item | null>(null);
  const [names, setNames] = useState<Item | null>(null);
  const [values, setValues] = useState<Values>({});
  const [loadError, setLoadError] = useState('');
  const [message, setMessage] = useState<Message>(() => {
    const m = flash;
    flash = null;
    return m;
  });
  const [busy, setBusy] = useState(false);
  /** Bumped after each change, so the History tab reloads. */
  const [changes, setChanges] = useState(0);
  const tab = id === null ? 'details' : (query.get('tab') ?? 'details');

  useEffect(() => {
    let live = true;
    setLoadError('');
    Promise.all([
      api.searchOptions(itemtype).catch(() => ({})),
      id === null ? Promise.resolve(null) : api.get(itemtype, id),
      id === null ? Promise.resolve(null) : api.get(itemtype, id, { expand_dropdowns: true }).catch(() => null),
    ])
      .then(([o, it, expanded]) => {
        if (!live) return;
        setOptions(o);
        setItem(it);
        setNames(expanded);
      })
      .catch((e: unknown) => live && setLoadError(errorText(e)));
    return () => {
      live = false;
    };
  }, [itemtype, id, scope]);

  /**
   * Reloads the item after a change, before the change is reported: the form then shows what was
   * stored, and nothing the user types next can be overwritten by a late reload.
   */
  const refresh = async () => {
    if (id === null) return;
    const [it, expanded] = await Promise.all([api.get(itemtype, id), api.get(itemtype, id, { expand_dropdowns: true }).catch(() => null)]);
    setItem(it);
    setNames(expanded);
    setChanges((n) => n + 1);
  };

  const layout = useMemo(() => (options ? formLayout(itemtype, options, item) : null), [itemtype, options, item]);
  const fields: FieldDef[] = useMemo(() => (layout ? [...layout.main, ...layout.more] : []), [layout]);
  const defaults: Values = useMemo(
    () => ({ entities_id: info.activeEntity.id, is_active: 1, status: 1, type: 1, is_recursive: 0, is_helpdesk_visible: 1, is_valid: 1 }),
    [info.activeEntity.id],
  );
  const initial = useMemo(() => initialValues(fields, item, defaults), [fields, item, defaults]);
  // Before paint: the form never shows (or lets anyone edit) values older than the item.
  useLayoutEffect(() => setValues(initial), [initial]);

  /** A new item's entity is named from the session's entities (there is no expanded item yet). */
  const entityName = (value: unknown) => info.entities.find((e) => e.id === Number(value))?.name;
  const editable = id === null ? can(profile, itemtype, CREATE) : can(profile, itemtype, UPDATE);
  const deleted = Number(item?.is_deleted) === 1;
  const title =
    id === null
      ? t('New {type}', { type: def.label.toLowerCase() })
      : String((item && (item[def.title ?? 'name'] || item.name)) || `${def.label} #${id}`);

  const act = async (action: () => Promise<Message | void>) => {
    setBusy(true);
    setMessage(null);
    try {
      const m = await action();
      if (m) setMessage(m);
    } catch (e) {
      setMessage({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  const save = (e: Event) => {
    e.preventDefault();
    void act(async () => {
      if (id === null) {
        const newId = await api.create(itemtype, createInput(fields, values));
        flash = { kind: 'success', text: t('{type} created.', { type: def.label }) };
        navigate([itemtype, newId]);
        return;
      }
      const input = changedInput(fields, initial, values);
      if (!Object.keys(input).length) return { kind: 'info', text: t('Nothing to save: no field was changed.') };
      await api.update(itemtype, id, input);
      await refresh();
      return { kind: 'success', text: t('Changes saved.') };
    });
  };

  const trash = () =>
    act(async () => {
      await api.remove(itemtype, id!);
      await refresh();
      return { kind: 'success', text: t('{type} moved to the trash.', { type: def.label }) };
    });
  const restore = () =>
    act(async () => {
      await api.update(itemtype, id!, { is_deleted: 0 });
      await refresh();
      return { kind: 'success', text: t('{type} restored.', { type: def.label }) };
    });
  const purge = () => {
    if (!confirm(t('Delete “{name}” permanently? This cannot be undone.', { name: title }))) return;
    void act(async () => {
      await api.remove(itemtype, id!, true);
      navigate([itemtype], { trash: deleted ? 1 : undefined });
    });
  };

  if (loadError) {
    return (
      <div class="page">
        <p class="crumbs">
          <a href={href([itemtype])}>{def.plural}</a>
        </p>
        <h1>{id === null ? title : `${def.label} #${id}`}</h1>
        <Notice kind="error">{loadError}</Notice>
      </div>
    );
  }
  if (!layout || (id !== null && !item)) {
    return (
      <div class="page">
        <p role="status">{t('Loading…')}</p>
      </div>
    );
  }

  const tabs: [string, string][] = [['details', t('Details')]];
  if (id !== null && ITIL.has(itemtype)) tabs.push(['timeline', t('Timeline')], ['actors', t('Actors')], ['items', t('Items')]);
  const sections = id === null ? [] : assetSections(itemtype, profile);
  tabs.push(...sections.map((s): [string, string] => [s.key, s.label]));
  if (id !== null && def.type?.features.includes('ticket')) tabs.push(['tickets', t('Tickets')]);
  if (id !== null && itemtype === 'User') tabs.push(['access', t('Access')]);
  if (id !== null && itemtype === 'Profile') tabs.push(['rights', t('Rights')]);
  if (id !== null && itemtype === 'Rule') tabs.push(['rule', t('Criteria and actions')]);
  if (id !== null && itemtype === 'MailCollector') tabs.push(['mailbox', t('Mailbox')]);
  if (id !== null && itemtype === 'NotImportedEmail') tabs.push(['mail', t('Refused email')]);
  if (id !== null) tabs.push(['history', t('History')]);

  return (
    <div class="page">
      <p class="crumbs">
        <a href={href([itemtype], { trash: deleted ? 1 : undefined })}>{deleted ? t('{types} — trash', { types: def.plural }) : def.plural}</a>
      </p>
      <div class="page-head">
        <h1>
          <span translate={false}>{title}</span>
          {id !== null && <span class="muted id-tag">#{id}</span>}
          {deleted && <span class="badge badge-trash">{t('In the trash')}</span>}
        </h1>
        {id !== null && (
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
        )}
      </div>

      {message && (
        <Notice kind={message.kind} onClose={() => setMessage(null)}>
          {message.text}
        </Notice>
      )}

      {tabs.length > 1 && (
        <div class="tabs" role="tablist" aria-label={t('Sections')}>
          {tabs.map(([key, label]) => (
            <a
              key={key}
              role="tab"
              id={`tab-${key}`}
              aria-selected={tab === key}
              aria-controls="tab-panel"
              href={href([itemtype, id!], { tab: key === 'details' ? undefined : key })}
              onClick={(e) => {
                e.preventDefault();
                navigate([itemtype, id!], { tab: key === 'details' ? undefined : key }, true);
              }}
            >
              {label}
            </a>
          ))}
        </div>
      )}

      <div id="tab-panel" role={tabs.length > 1 ? 'tabpanel' : undefined} aria-labelledby={tabs.length > 1 ? `tab-${tab}` : undefined}>
        {tab === 'history' && id !== null ? (
          <History itemtype={itemtype} id={id} options={options ?? {}} reload={changes} />
        ) : tab === 'timeline' && id !== null ? (
          <Timeline itemtype={itemtype} id={id} options={options ?? {}} status={Number(item?.status)} canAdd={!deleted} onChange={refresh} />
        ) : tab === 'actors' && id !== null ? (
          <Actors itemtype={itemtype} id={id} editable={editable && !deleted} onChange={refresh} />
        ) : tab === 'items' && id !== null ? (
          <LinkedItems itemtype={itemtype} id={id} editable={editable && !deleted} />
        ) : tab === 'access' && id !== null && item ? (
          <Access userId={id} user={item} editable={editable} onChange={refresh} />
        ) : tab === 'rights' && id !== null ? (
          <ProfileRights profileId={id} editable={editable} />
        ) : tab === 'rule' && id !== null && item ? (
          <RuleParts rule={item} editable={editable} onMoved={refresh} />
        ) : tab === 'mailbox' && id !== null && item ? (
          <Mailbox id={id} item={item} onChange={refresh} />
        ) : tab === 'mail' && id !== null && item ? (
          <RefusedMail
            id={id}
            item={item}
            onImported={(ticket) => {
              flash = { kind: 'success', text: t('Imported as ticket {id}.', { id: ticket }) };
              navigate(['Ticket', ticket]);
            }}
          />
        ) : tab === 'tickets' && id !== null ? (
          <ItilLinks itemtype={itemtype} id={id} />
        ) : id !== null && sections.some((s) => s.key === tab) ? (
          <AssetSectionView section={tab} itemtype={itemtype} id={id} editable={editable && !deleted} onChange={refresh} />
        ) : (
          <form class="item-form" onSubmit={save} aria-label={t('{type} details', { type: def.label })}>
            <fieldset disabled={busy || !editable}>
              <legend class="sr-only">{t('{type} details', { type: def.label })}</legend>
              <div class="form-grid">
                {layout.main.map((f) => (
                  <FieldInput key={f.key} field={f} value={values[f.key]} display={names?.[f.key] ?? (f.key === 'entities_id' ? entityName(values[f.key]) : undefined)} onChange={(v) => setValues((s) => ({ ...s, [f.key]: v }))} />
                ))}
              </div>
              {layout.more.length > 0 && (
                <details class="more">
                  <summary>{t('More fields ({count})', { count: layout.more.length })}</summary>
                  <div class="form-grid">
                    {layout.more.map((f) => (
                      <FieldInput key={f.key} field={f} value={values[f.key]} display={names?.[f.key] ?? (f.key === 'entities_id' ? entityName(values[f.key]) : undefined)} onChange={(v) => setValues((s) => ({ ...s, [f.key]: v }))} />
                    ))}
                  </div>
                </details>
              )}
            </fieldset>
            {itemtype === 'Document' && item && <DocumentLink id={item.id} name={String(item.filename || item.name || '')} />}
            {item && (
              <p class="muted meta">
                {item.date_creation ? t('Created {date}', { date: String(item.date_creation) }) : ''}
                {item.date_mod ? ` · ${t('Last update {date}', { date: String(item.date_mod) })}` : ''}
              </p>
            )}
            {editable && (
              <div class="form-actions">
                <button type="submit" disabled={busy}>
                  {id === null ? t('Create {type}', { type: def.label.toLowerCase() }) : t('Save')}
                </button>
                {id === null ? (
                  <a class="button secondary" href={href([itemtype])}>
                    {t('Cancel')}
                  </a>
                ) : (
                  <button type="button" class="secondary" disabled={busy} onClick={() => setValues(initial)}>
                    {t('Undo changes')}
                  </button>
                )}
              </div>
            )}
          </form>
        )}
      </div>
    </div>
  );
}
