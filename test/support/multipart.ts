/** A multipart/form-data body: parts in the given order; a part with a filename is a file. */
export function multipart(parts: { name: string; value: string | Buffer; filename?: string }[]) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${type}\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const contentType = `multipart/form-data; boundary=${boundary}`;
  return { body: Buffer.concat(chunks), contentType, headers: { 'content-type': contentType } };
}
