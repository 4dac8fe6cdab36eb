/** Now (or `date`) as the database stores a date-time: `YYYY-MM-DD HH:mm:ss`, UTC. */
export function nowText(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
