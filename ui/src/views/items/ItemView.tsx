import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { api, errorText, type Item, type SearchOption } from '../../data/api';
import { FieldInput } from '../../components/FieldInput';
import { Notice } from '../../components/Notice';
import { changedInput, createInput, type FieldDef, formLayout, initialValues, type Values } from '../../data/fields';
import { t } from '../../lib/i18n';
import { CREATE, DELETE, PURGE, UPDATE, can, typeDef } from '../../lib/itemtypes';
import { href, navigate } from '../../lib/router';
import { useSession } from '../../data/session';
import { useLeaveGuard } from '../../lib/leave-guard';
import { showDate } from '../../lib/dates';
import { useLiveEvents } from '../../data/live';
import { Access, SUPER_ADMIN } from '../admin/Access';
import { DocumentLink } from './Documents';
import { History } from './History';
import { ProfileRights } from '../admin/ProfileRights';
import { RuleParts } from '../rules/RuleParts';
import { ItilPage } from '../tickets/ItilPage';
import { SIDE_FIELDS } from '../tickets/ItilSide';
import { AssetSectionView } from '../asset/AssetSectionView';
import { ItilLinks } from '../asset/ItilLinks';
import { assetSections } from '../asset/sections';
import { Mailbox, RefusedMail } from '../admin/Mail';
import { DirectoryConnection, DirectoryImport } from '../admin/Directory';
import { NotificationPreferences, NotificationTargets, QueuedMail, TemplateTranslations, WebhookDeliveries } from '../admin/Notifications';
import { ComputerInventory, useLockedFields } from '../admin/Inventory';

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
  // A save by hand locks the fields it changes on an inventoried item: read again after each.
  const locked = useLockedFields(itemtype, id, Number(item?.is_dynamic) === 1, changes);
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
  /** The form's fields: on a ticket's page, those the side panel and the description do not edit in place. */
  const shown = useMemo(() => {
    if (!layout || id === null || !ITIL.has(itemtype)) return layout;
    const elsewhere = (f: FieldDef) => !SIDE_FIELDS.includes(f.key) && f.key !== 'content';
    return { main: layout.main.filter(elsewhere), more: layout.more.filter(elsewhere) };
  }, [layout, itemtype, id]);
  const fields: FieldDef[] = useMemo(() => (layout ? [...layout.main, ...layout.more] : []), [layout]);
  const defaults: Values = useMemo(
    () => ({ entities_id: info.activeEntity.id, is_active: 1, status: 1, type: 1, is_recursive: 0, is_helpdesk_visible: 1, is_valid: 1 }),
    [info.activeEntity.id],
  );
  const initial = useMemo(() => initialValues(fields, item, defaults), [fields, item, defaults]);
  // Changed elsewhere (a live event): read again, unless the form holds unsaved edits it would wipe.
  const [changedElsewhere, setChangedElsewhere] = useState(0);
  useLiveEvents(
    (event) => id !== null && event.itemtype === itemtype && event.items_id === id,
    () => {
      setChangedElsewhere((n) => n + 1);
      if (JSON.stringify(values) === JSON.stringify(initial)) void refresh().catch(() => undefined);
      else setMessage({ kind: 'info', text: t('This item was changed elsewhere; save or reload to see the change.') });
    },
  );
  // Before paint: the form never shows (or lets anyone edit) values older than the item.
  useLayoutEffect(() => setValues(initial), [initial]);

  /** A new item's entity is named from the session's entities (there is no expanded item yet). */
  const entityName = (value: unknown) => info.entities.find((e) => e.id === Number(value))?.name;
  const editable = id === null ? can(profile, itemtype, CREATE) : can(profile, itemtype, UPDATE);
  const deleted = Number(item?.is_deleted) === 1;
  // An edit not saved is not dropped silently when the user follows a link.
  useLeaveGuard(editable && Object.keys(id === null ? {} : changedInput(fields, initial, values)).length > 0);

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

  // A ticket, problem or change is one page (./ItilPage.tsx): no tabs.
  const onePage = id !== null && ITIL.has(itemtype) && item !== null;
  const tabs: [string, string][] = [['details', t('Details')]];
  const sections = id === null ? [] : assetSections(itemtype, profile);
  tabs.push(...sections.map((s): [string, string] => [s.key, s.label]));
  if (id !== null && def.type?.features.includes('ticket')) tabs.push(['tickets', t('Tickets')]);
  if (id !== null && itemtype === 'User') tabs.push(['access', t('Access')]);
  if (id !== null && itemtype === 'Profile') tabs.push(['rights', t('Rights')]);
  if (id !== null && itemtype === 'AuthLDAP') tabs.push(['directory', t('Connection and sync')], ['import', t('Import')]);
  if (id !== null && itemtype === 'Rule') tabs.push(['rule', t('Criteria and actions')]);
  if (id !== null && itemtype === 'MailCollector') tabs.push(['mailbox', t('Mailbox')]);
  if (id !== null && itemtype === 'NotImportedEmail') tabs.push(['mail', t('Refused email')]);
  if (id !== null && itemtype === 'User') tabs.push(['notifications', t('Notifications')]);
  if (id !== null && itemtype === 'Notification') tabs.push(['recipients', t('Recipients')]);
  if (id !== null && itemtype === 'NotificationTemplate') tabs.push(['translations', t('Translations')]);
  if (id !== null && itemtype === 'QueuedNotification') tabs.push(['delivery', t('Delivery')]);
  if (id !== null && itemtype === 'Webhook') tabs.push(['deliveries', t('Deliveries')]);
  if (id !== null && itemtype === 'Computer') tabs.push(['inventory', t('Inventory')]);
  if (id !== null && !onePage) tabs.push(['history', t('History')]);

  const parts = shown ?? layout;
  const form = (
    <form class="item-form" onSubmit={save} aria-label={t('{type} details', { type: def.label })}>
      <fieldset disabled={busy || !editable}>
        <legend class="sr-only">{t('{type} details', { type: def.label })}</legend>
        <div class="form-grid">
          {parts.main.map((f) => (
            <FieldInput key={f.key} field={f} value={values[f.key]} display={names?.[f.key] ?? (f.key === 'entities_id' ? entityName(values[f.key]) : undefined)} locked={locked.has(f.key)} onChange={(v) => setValues((s) => ({ ...s, [f.key]: v }))} />
          ))}
        </div>
        {parts.more.length > 0 && (
          <details class="more">
            <summary>{t('More fields ({count})', { count: parts.more.length })}</summary>
            <div class="form-grid">
              {parts.more.map((f) => (
                <FieldInput key={f.key} field={f} value={values[f.key]} display={names?.[f.key] ?? (f.key === 'entities_id' ? entityName(values[f.key]) : undefined)} locked={locked.has(f.key)} onChange={(v) => setValues((s) => ({ ...s, [f.key]: v }))} />
              ))}
            </div>
          </details>
        )}
      </fieldset>
      {itemtype === 'Document' && item && <DocumentLink id={item.id} name={String(item.filename || item.name || '')} />}
      {item && (
        <p class="muted meta">
          {item.date_creation ? t('Created {date}', { date: showDate(item.date_creation) }) : ''}
          {item.date_mod ? ` · ${t('Last update {date}', { date: showDate(item.date_mod) })}` : ''}
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
  );

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
        {onePage && item ? (
          <ItilPage itemtype={itemtype} item={item} names={names} options={options ?? {}} profile={profile} editable={editable && !deleted} open={!deleted} changes={changes} changedElsewhere={changedElsewhere} onChange={refresh}>
            {form}
          </ItilPage>
        ) : tab === 'history' && id !== null ? (
          <History itemtype={itemtype} id={id} options={options ?? {}} reload={changes} />
        ) : tab === 'access' && id !== null && item ? (
          <Access userId={id} user={item} editable={editable} onChange={refresh} />
        ) : tab === 'rights' && id !== null ? (
          <ProfileRights profileId={id} editable={editable} />
        ) : tab === 'rule' && id !== null && item ? (
          <RuleParts rule={item} editable={editable} onMoved={refresh} />
        ) : tab === 'mailbox' && id !== null && item ? (
          <Mailbox id={id} item={item} onChange={refresh} />
        ) : tab === 'directory' && id !== null ? (
          <DirectoryConnection id={id} />
        ) : tab === 'import' && id !== null ? (
          <DirectoryImport id={id} />
        ) : tab === 'mail' && id !== null && item ? (
          <RefusedMail
            id={id}
            item={item}
            onImported={(ticket) => {
              flash = { kind: 'success', text: t('Imported as ticket {id}.', { id: ticket }) };
              navigate(['Ticket', ticket]);
            }}
          />
        ) : tab === 'notifications' && id !== null && item ? (
          <NotificationPreferences id={id} item={item} editable={editable || id === info.userId} onChange={refresh} />
        ) : tab === 'recipients' && id !== null ? (
          <NotificationTargets id={id} editable={editable} />
        ) : tab === 'translations' && id !== null && item ? (
          <TemplateTranslations id={id} item={item} editable={editable} />
        ) : tab === 'delivery' && id !== null && item ? (
          <QueuedMail id={id} item={item} onChange={refresh} />
        ) : tab === 'deliveries' && id !== null ? (
          <WebhookDeliveries id={id} editable={editable} />
        ) : tab === 'inventory' && id !== null && item ? (
          <ComputerInventory id={id} item={item} locked={locked} />
        ) : tab === 'tickets' && id !== null ? (
          <ItilLinks itemtype={itemtype} id={id} />
        ) : id !== null && sections.some((s) => s.key === tab) ? (
          <AssetSectionView section={tab} itemtype={itemtype} id={id} editable={editable && !deleted} onChange={refresh} />
        ) : (
          form
        )}
      </div>
    </div>
  );
}
