/** '?q=…&cursor=…' for the back office's searchable, paged lists (listQuerySchema); blank parts are left out. */
export function listSearch({ q, cursor }: { q?: string; cursor?: string }): string {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `?${text}` : '';
}
