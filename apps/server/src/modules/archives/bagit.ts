import { formatBytes } from '../../media/images.js';

/**
 * The text of a BagIt bag's tag files (RFC 8493), written and read. The archive's payload is
 * hashed as it is written (ZipSink); these turn the digests into the bag's files and back.
 */

export const BAGIT_DECLARATION = 'BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n';

/** Versions whose manifests this reader understands (1.0, and 0.97, which other tools still write). */
const READ_VERSIONS = new Set(['1.0', '0.97']);

/** A manifest's path: CR, LF and % percent-encoded (RFC 8493 §2.1.3). */
function encodePath(path: string): string {
  return path.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function decodePath(path: string): string {
  return path.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
}

/** One line per file: `<sha256>  <path>`. */
export function manifestText(files: { path: string; sha256: string }[]): string {
  return files.map((f) => `${f.sha256}  ${encodePath(f.path)}\n`).join('');
}

/** A value on one line, as bag-info.txt holds it: no control characters, bounded. */
function oneLine(value: string, max = 500): string {
  return [...value]
    .map((c) =>
      c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '\u2028' || c === '\u2029' ? ' ' : c,
    )
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, max);
}

export interface BagInfo {
  sourceOrganization: string;
  externalIdentifier: string;
  externalDescription: string;
  baggingDate: Date;
  payloadBytes: number;
  payloadFiles: number;
}

/** bag-info.txt: who made the bag, when, what it holds and its payload's size (Payload-Oxum). */
export function bagInfoText(info: BagInfo): string {
  const lines: [string, string][] = [
    ['Source-Organization', oneLine(info.sourceOrganization)],
    ['External-Identifier', oneLine(info.externalIdentifier)],
    ['External-Description', oneLine(info.externalDescription, 1000)],
    ['Bagging-Date', info.baggingDate.toISOString().slice(0, 10)],
    ['Payload-Oxum', `${info.payloadBytes}.${info.payloadFiles}`],
    ['Bag-Size', formatBytes(info.payloadBytes)],
  ];
  return lines.map(([label, value]) => `${label}: ${value}\n`).join('');
}

/** Lines of a tag file, whatever its line ends (LF, CRLF or CR). */
function lines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => line !== '');
}

/** Why bagit.txt is not a declaration this reader understands, or null. */
export function declarationProblem(text: string): string | null {
  const [version, encoding, ...rest] = lines(text);
  const v = /^BagIt-Version: (\d+\.\d+)$/.exec(version ?? '');
  if (!v) return 'bagit.txt does not begin with "BagIt-Version: M.N".';
  if (!READ_VERSIONS.has(v[1]!)) {
    return `bagit.txt declares BagIt version ${v[1]}; this site reads versions 1.0 and 0.97.`;
  }
  if (!/^Tag-File-Character-Encoding: UTF-8$/i.test(encoding ?? '')) {
    return 'bagit.txt does not declare "Tag-File-Character-Encoding: UTF-8".';
  }
  if (rest.length > 0) return 'bagit.txt holds more than its two lines.';
  return null;
}

export interface ManifestLine {
  path: string;
  sha256: string;
}

/** A SHA-256 manifest's lines, or why one cannot be read. */
export function parseManifest(text: string, name: string): ManifestLine[] | string {
  const out: ManifestLine[] = [];
  for (const [index, line] of lines(text).entries()) {
    const m = /^([0-9a-fA-F]{64})[ \t]+(.+)$/.exec(line);
    if (!m) return `${name} line ${index + 1} is not "<SHA-256> <path>".`;
    out.push({ sha256: m[1]!.toLowerCase(), path: decodePath(m[2]!) });
  }
  return out;
}

/** bag-info.txt's Payload-Oxum (octets and files), null when it has none, or why it is wrong. */
export function payloadOxum(text: string): { bytes: number; files: number } | null | string {
  const found = lines(text).filter((line) => /^Payload-Oxum\s*:/i.test(line));
  if (found.length === 0) return null;
  if (found.length > 1) return 'bag-info.txt names Payload-Oxum more than once.';
  const m = /^Payload-Oxum\s*:\s*(\d{1,15})\.(\d{1,9})\s*$/i.exec(found[0]!);
  if (!m) return 'bag-info.txt has a Payload-Oxum that is not "<octets>.<files>".';
  return { bytes: Number(m[1]), files: Number(m[2]) };
}

/** The top-level page of the bag: it leads whoever unzipped it to the memorial's page. */
export function bagIndexPage(title: string): string {
  const safe = title.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta http-equiv="refresh" content="0; url=data/index.html">',
    `<title>${safe}</title></head>`,
    `<body><p><a href="data/index.html">Open the memorial of ${safe}</a>.</p>`,
    '<p>This folder is a BagIt bag (RFC 8493): the memorial is in data/, and manifest-sha256.txt ',
    'holds the SHA-256 of every file in it.</p></body></html>',
    '',
  ].join('\n');
}
