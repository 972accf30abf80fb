import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Client } from './support/client';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.dispose());

test('a new user opens a session and creates a computer', async () => {
  const api = await new Client(server.api).login();
  const id = await api.create('Computer', { name: 'first' });
  const res = await api.get(`Computer/${id}`);
  expect(res.status).toBe(200);
  expect(res.body.name).toBe('first');
});
