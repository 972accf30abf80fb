/** One SQL table, described in the compact column notation parsed by `../columns.ts`. */
export interface TableSpec {
  /** `col type[!] [AI] [=default]` entries separated by `;` (see columns.ts). */
  columns: string;
  /** Column groups that must be unique together. */
  unique?: string[][];
}
