/** Saves a file the web app holds (a CSV export) to the browser's downloads. */
export function downloadBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Saves a text the web app made as a file (CSV by default). */
export const downloadText = (text: string, fileName: string, type = 'text/csv;charset=utf-8') => downloadBlob(new Blob([text], { type }), fileName);
