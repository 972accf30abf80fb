/**
 * What a session sees in its own way: its language (GLPI answers messages in it) and its dates.
 * Stored dates are wall-clock text in the data zone (core/clock.ts); GLPI shows its TIMESTAMP
 * columns in the session's zone, the user's own `timezone` preference when set, else the global
 * `timezone` setting, and reads the dates a session sends in that zone too. When that zone is
 * the data zone (the usual case: an import makes GLPI's `timezone` the data zone) there is
 * nothing to convert, and the request pays one cache look-up. DATE columns (a warranty date)
 * have no zone and are never converted.
 */
import { currentDataZone } from '../core/clock';
import { isZoneName, wallMs, wallText, zone, type Zone } from '../core/zone';
import type { Db } from '../db/connection';
import { selectOne } from '../db/rows';
import type { Settings } from '../db/settings';
import { noteDependencies, stillValid, tracked, type Dependencies } from '../db/table-versions';
import { TABLES } from '../registry';
import { parseColumns } from '../registry/columns';
import type { Scope } from './scope';

/** A full datetime, as stored and as GLPI shows it. */
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** A datetime a client may send (GLPI's form; `T`, no seconds, a day alone for its midnight), checked further by wall-clock round trip. */
const SENT = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(:\d{2})?)?$/;

export interface SessionDates {
  /** The session's zone (another one than the data zone). */
  readonly zone: Zone;
  /** A stored datetime in the session's zone; any other text (a date alone, a zero date) as it is. */
  show(text: string): string;
  /** A datetime the session sent (a day alone: its midnight), in the data zone, as stored; anything that is not one as it is (validation judges it). */
  store(text: string): string;
  /** A JSON answer with every datetime column's value (a member named as one) in the session's zone. */
  showJson(json: string): string;
}

/** Names of the datetime columns of every table, and the session's own clock (getFullSession). */
let datetimeNames: Set<string> | null = null;
function datetimeColumnNames(): Set<string> {
  if (!datetimeNames) {
    datetimeNames = new Set(['glpi_currenttime']);
    for (const spec of Object.values(TABLES)) for (const c of parseColumns(spec.columns)) if (c.kind === 'datetime') datetimeNames.add(c.name);
  }
  return datetimeNames;
}

/**
 * A JSON member whose value is a full datetime: `"name":"YYYY-MM-DD HH:MM:SS"`. Inside a JSON
 * string every quote is escaped, so this matches real members only, never text that looks like one.
 */
const DATETIME_MEMBER = /"(\w+)":"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})"/g;

function converter(session: Zone, data: Zone): SessionDates {
  const names = datetimeColumnNames();
  const show = (text: string): string => {
    // GLPI's zero date and other impossible values are no instant: left as they are.
    if (!DATETIME.test(text) || text.startsWith('0000')) return text;
    const ms = data.instant(text);
    return ms === null ? text : session.format(ms);
  };
  return {
    zone: session,
    show,
    store(text) {
      const m = SENT.exec(text.trim());
      if (!m) return text;
      const normal = `${m[1]} ${m[2] ?? '00:00'}${m[3] ?? ':00'}`;
      const wall = wallMs(normal);
      // 25:00 or 31 February would roll over: left for validation to refuse.
      if (wall === null || wallText(wall) !== normal) return text;
      return data.format(session.instant(normal)!);
    },
    showJson(json) {
      return json.replace(DATETIME_MEMBER, (member, name: string, value: string) => (names.has(name) ? `"${name}":"${show(value)}"` : member));
    },
  };
}

/** A user's own value of a preference: their UserPreference row, else their glpi_users column (where GLPI keeps it). */
function ownPreferences(db: Db, userId: number): { timezone: unknown; language: unknown }[] {
  const own = selectOne(db, 'SELECT timezone, language FROM glpi_userpreferences WHERE users_id = ?', userId);
  const column = selectOne(db, 'SELECT timezone, language FROM glpi_users WHERE id = ?', userId);
  return [own, column].filter((row) => row !== null) as { timezone: unknown; language: unknown }[];
}

const isSet = (value: unknown): value is string => typeof value === 'string' && value !== '' && value !== '0';

/** The zone a session sees: the user's own preference, else the global setting, else the data zone; unknown names are passed over. */
function sessionZoneName(settings: Settings, own: { timezone: unknown }[]): string {
  for (const name of [...own.map((row) => row.timezone), settings.get('timezone')]) if (isSet(name) && isZoneName(name)) return name;
  return currentDataZone().name;
}

/** What a session sees differently from the stored data: its dates' zone and its language. */
export interface SessionLocale {
  /** null when the session's zone is the data zone (nothing to convert). */
  dates: SessionDates | null;
  /** GLPI's language code (`fr_FR`): the user's own, else the global `language`. */
  language: string;
}

/**
 * Decided once per scope until a write to what it was read from: the user's preferences and
 * settings are not counted table by table, so any write to them (or another process's commit)
 * ends it, while the items a busy desk writes all day leave it be (db/table-versions.ts).
 */
const decided = new WeakMap<Scope, { deps: Dependencies; dataZone: Zone; locale: SessionLocale }>();

export function sessionLocale(db: Db, settings: Settings, scope: Scope): SessionLocale {
  const data = currentDataZone();
  const known = decided.get(scope);
  if (known && known.dataZone === data && stillValid(known.deps)) {
    noteDependencies(known.deps); // a cached answer built with it depends on what it read
    return known.locale;
  }
  const { value: locale, deps } = tracked(() => {
    const own = ownPreferences(db, Number(scope.user.id));
    const name = sessionZoneName(settings, own);
    const language = own.map((row) => row.language).find(isSet) ?? settings.get('language');
    return { dates: name === data.name ? null : converter(zone(name), data), language };
  });
  if (stillValid(deps)) decided.set(scope, { deps, dataZone: data, locale });
  return locale;
}

/** How a session's dates differ from the stored ones; null when its zone is the data zone (nothing to convert). */
export function sessionDates(db: Db, settings: Settings, scope: Scope): SessionDates | null {
  return sessionLocale(db, settings, scope).dates;
}
