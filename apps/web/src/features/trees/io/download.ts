/** Saves a blob as a file through a temporary link (no server round trip). */
export function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a tree title: keeps letters of any script, drops characters file systems refuse. */
export function safeFilename(title: string, extension: string): string {
  // Control characters are dropped by code point: a regex range over them trips no-control-regex.
  const printable = [...title].filter((ch) => ch.charCodeAt(0) >= 32).join('');
  const base =
    printable
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .trim()
      .slice(0, 80) || 'tree';
  return `${base}.${extension}`;
}
