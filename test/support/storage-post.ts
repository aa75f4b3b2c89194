/**
 * A browser's upload to storage, from a test: the form of a presigned POST (its fields, then the
 * file), sent to the bucket's address as the web app sends it.
 */
export function postToStorage(target: { url: string; fields: Record<string, string> }, body: Buffer | string, fields: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...target.fields, ...fields })) form.append(name, value);
  form.append('file', new Blob([typeof body === 'string' ? Buffer.from(body) : body]), 'upload');
  return fetch(target.url, { method: 'POST', body: form });
}
