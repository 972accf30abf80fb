export { expectError, expectNoLeak, JSON_TYPE } from '../support/errors';
export { rawRequest, type RawRequest, type RawResponse } from '../support/raw';

export const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/** A session token as Deskbase hands them out: 160 random bits, 40 lowercase hex characters. */
export const TOKEN_SHAPE = /^[0-9a-f]{40}$/;

