/** Saves a Blob as a file through a temporary <a download> (the browser's own download). */
export function downloadFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click only starts the download: release the bytes once it has taken them.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
