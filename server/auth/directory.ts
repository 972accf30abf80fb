import type { Db } from '../db/connection';
import { selectAll } from '../db/rows';

export interface EntityNode {
  id: number;
  name: string;
  parent: number | null;
  completename: string;
  level: number;
}

/** The entity tree, loaded once and reused until an entity changes. */
export class EntityTree {
  readonly nodes = new Map<number, EntityNode>();
  private readonly children = new Map<number, number[]>();

  constructor(rows: EntityNode[]) {
    for (const row of rows) this.nodes.set(row.id, row);
    for (const row of rows) {
      if (row.parent === null || !this.nodes.has(row.parent) || row.parent === row.id) continue;
      const list = this.children.get(row.parent) ?? [];
      list.push(row.id);
      this.children.set(row.parent, list);
    }
  }

  has(id: number): boolean {
    return this.nodes.has(id);
  }

  /** The entity and everything below it, parents before children. */
  descendants(id: number): number[] {
    const out: number[] = [];
    const queue = [id];
    while (queue.length) {
      const next = queue.shift()!;
      if (!this.nodes.has(next) || out.includes(next)) continue;
      out.push(next);
      queue.push(...(this.children.get(next) ?? []).sort((a, b) => a - b));
    }
    return out;
  }

  /** Ancestors from the root down to the direct parent. */
  ancestors(id: number): number[] {
    const out: number[] = [];
    let node = this.nodes.get(id);
    while (node && node.parent !== null && this.nodes.has(node.parent) && !out.includes(node.parent)) {
      out.unshift(node.parent);
      node = this.nodes.get(node.parent);
    }
    return out;
  }
}

export interface ProfileInfo {
  id: number;
  name: string;
  interface: string;
  row: Record<string, unknown>;
  rights: Map<string, number>;
}

/**
 * Caches what every request needs about entities and profiles. Any write to those tables,
 * or to authorizations, calls invalidate(); sessions compare `version` to refresh their scope.
 */
export class Directory {
  version = 0;
  private tree: EntityTree | null = null;
  private profiles: Map<number, ProfileInfo> | null = null;

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.version++;
    this.tree = null;
    this.profiles = null;
  }

  entities(): EntityTree {
    this.tree ??= new EntityTree(
      selectAll(this.db, 'SELECT id, name, entities_id, completename, level FROM glpi_entities').map((r) => ({
        id: Number(r.id),
        name: String(r.name ?? ''),
        parent: r.entities_id === null ? null : Number(r.entities_id),
        completename: String(r.completename ?? r.name ?? ''),
        level: Number(r.level),
      })),
    );
    return this.tree;
  }

  profile(id: number): ProfileInfo | undefined {
    if (!this.profiles) {
      const rights = new Map<number, Map<string, number>>();
      for (const r of selectAll(this.db, 'SELECT profiles_id, name, rights FROM glpi_profilerights')) {
        const map = rights.get(Number(r.profiles_id)) ?? new Map<string, number>();
        map.set(String(r.name), Number(r.rights));
        rights.set(Number(r.profiles_id), map);
      }
      this.profiles = new Map(
        selectAll(this.db, 'SELECT * FROM glpi_profiles').map((row) => [
          Number(row.id),
          { id: Number(row.id), name: String(row.name ?? ''), interface: String(row.interface ?? 'helpdesk'), row, rights: rights.get(Number(row.id)) ?? new Map() },
        ]),
      );
    }
    return this.profiles.get(id);
  }
}
