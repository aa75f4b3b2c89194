/**
 * A browser's upload to storage, from a test: the form of a presigned POST (its fields, then the
 * file), sent to the bucket's address as the web app sends it.
 */
export async function postToStorage(target: { url: string; fields: Record<string, string> }, body: Buffer | string, fields: Record<string, string> = {}): Promise<Response> {
  const send = () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...target.fields, ...fields })) form.append(name, value);
    form.append('file', new Blob([typeof body === 'string' ? Buffer.from(body) : body]), 'upload');
    return fetch(target.url, { method: 'POST', body: form });
  };
  try {
    return await send();
  } catch (err) {
    // A connection reset before any answer (typically a kept-alive connection the server closed as
    // this request went out): sent once more, as a browser retries. An upload is idempotent.
    const code = ((err as { cause?: { code?: string } }).cause ?? {}).code;
    if (code !== 'ECONNRESET' && code !== 'EPIPE' && code !== 'UND_ERR_SOCKET') throw err;
    return send();
  }
}
