import { flag, type Params } from '../core/params';
import { randomToken } from '../core/secrets';
import { type Row } from '../db/rows';
import { nowString } from '../core/clock';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';

/**
 * `app_token` is never shown but can be written: given as is, or drawn by `_reset_app_token`
 * (40 hex characters, answered once in the element's result as `app_token`).
 */
function applyAppToken(wc: WriteContext, row: Row, input: Params): void {
  let token: string;
  if (input._reset_app_token !== undefined && flag(input, '_reset_app_token', false)) {
    token = randomToken();
    wc.extra.app_token = token;
  } else if (input.app_token !== undefined) {
    if (input.app_token !== null && typeof input.app_token !== 'string') throw new ItemError('Field app_token must be a string');
    token = (input.app_token ?? '').trim();
    if (token.length > 255) throw new ItemError('Field app_token is longer than 255 characters');
  } else {
    return;
  }
  row.app_token = token === '' ? null : token;
  row.app_token_date = nowString();
}

export const apiClientTokenHooks: ItemHooks = {
  prepareAdd: (wc, _type, row, input) => applyAppToken(wc, row, input),
  prepareUpdate: (wc, _type, _old, changes, input) => applyAppToken(wc, changes, input),
};
