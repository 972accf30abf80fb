/** GLPI names its ITIL actor relations Problem_Supplier, Group_Problem, Change_Group, Change_Supplier: links use those names and resolve. */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { uniq } from './fixtures';

const ctx = useServer();

describe('HATEOAS links of ITIL actors', () => {
  test("Problem and Change list GLPI's class names (Problem_Supplier, Group_Problem, Change_Group, Change_Supplier) and each link answers", async () => {
    for (const [itemtype, rels] of [
      ['Problem', ['Problem_User', 'Group_Problem', 'Problem_Supplier']],
      ['Change', ['Change_User', 'Change_Group', 'Change_Supplier']],
    ] as const) {
      const id = await ctx.api.create(itemtype, { name: uniq('itil'), content: 'c' });
      const links = (await ctx.api.get(`${itemtype}/${id}`, { query: 'get_hateoas=true' })).body.links as { rel: string; href: string }[];
      for (const rel of rels) {
        const link = links.find((l) => l.rel === rel);
        expect({ itemtype, rel, listed: !!link }).toEqual({ itemtype, rel, listed: true });
        const path = new URL(link!.href).pathname.replace(/^\/apirest\.php\//, '');
        expect({ rel, status: (await ctx.api.get(path)).status }).toEqual({ rel, status: 200 });
      }
      expect(links.some((l) => ['Supplier_Problem', 'Supplier_Change', 'Group_Change'].includes(l.rel))).toBe(false);
    }
  });
});
