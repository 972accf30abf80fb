import { Client } from '../support/client';

/** Does this remote access key (user_token) open a session? */
export async function tokenWorks(api: string, token: string): Promise<boolean> {
  return (await new Client(api).get('initSession', { headers: { Authorization: `user_token ${token}` } })).status === 200;
}

/** Do these credentials open a session? */
export async function passwordWorks(api: string, login: string, password: string): Promise<boolean> {
  const basic = Buffer.from(`${login}:${password}`).toString('base64');
  return (await new Client(api).get('initSession', { headers: { Authorization: `Basic ${basic}` } })).status === 200;
}
