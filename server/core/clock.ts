/** Dates as the database and the API write them. */

/** `YYYY-MM-DD HH:MM:SS` in the server's local time, as GLPI writes dates. */
export function formatDate(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
}

export function nowString(): string {
  return formatDate(new Date());
}
