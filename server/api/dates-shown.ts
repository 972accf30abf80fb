import type { SessionDates } from '../auth/session-locale';
import type { Reply } from './context';

/** A JSON reply as the session sees its dates (raw bytes, such as a document's file, as they are). */
export function datesShown(reply: Reply, dates: SessionDates): Reply {
  if (reply.raw !== undefined || (reply.jsonText === undefined && reply.body === undefined)) return reply;
  return { status: reply.status, headers: reply.headers, jsonText: dates.showJson(reply.jsonText ?? JSON.stringify(reply.body)) };
}
