/** Saves a text the web app made (a CSV export) as a file of the browser's downloads. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const href = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
