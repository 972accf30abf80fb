/**
 * The FAQ is published with its own knowledge base right (PUBLISHFAQ), as in GLPI 10: only a
 * profile holding it puts an article in the FAQ or takes one out, and edits someone else's FAQ
 * article; ordinary articles take CREATE and UPDATE. A profile that may publish to the FAQ but
 * not create ordinary articles writes FAQ articles (GLPI's default for it). The article's writer
 * and KNOWBASEADMIN keep editing what they may edit. Reading is the private-row rule: READFAQ for
 * FAQ articles, READ for the rest.
 */
import { CREATE, KNOWBASE, UPDATE } from '../registry/rights';
import { rightOf } from '../auth/scope';
import { RIGHT_MISSING_MESSAGE } from '../core/errors';
import { ItemError, type ItemHooks, type WriteContext } from './hooks';

const NEEDS_PUBLISH = 'Putting an article in the FAQ or taking it out (is_faq) needs the right to publish in the FAQ';

const bits = (wc: WriteContext) => rightOf(wc.scope, 'knowbase');
const isFaq = (value: unknown) => Number(value ?? 0) === 1;

export const faqHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    const may = bits(wc);
    if (row.is_faq === undefined && (may & CREATE) === 0) row.is_faq = 1;
    if (isFaq(row.is_faq) && (may & KNOWBASE.PUBLISHFAQ) === 0) throw new ItemError(NEEDS_PUBLISH);
    if (!isFaq(row.is_faq) && (may & CREATE) === 0) throw new ItemError('Your profile may only write FAQ articles (is_faq = 1)');
  },
  prepareUpdate(wc, _type, old, changes) {
    const may = bits(wc);
    if ('is_faq' in changes && isFaq(changes.is_faq) !== isFaq(old.is_faq) && (may & KNOWBASE.PUBLISHFAQ) === 0) throw new ItemError(NEEDS_PUBLISH);
    if ((may & KNOWBASE.ADMIN) !== 0 || Number(old.users_id) === Number(wc.scope.user.id)) return;
    if ((may & (isFaq(old.is_faq) ? KNOWBASE.PUBLISHFAQ : UPDATE)) === 0) throw new ItemError(RIGHT_MISSING_MESSAGE, 'ERROR_RIGHT_MISSING');
  },
};
