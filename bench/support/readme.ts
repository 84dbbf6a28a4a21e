import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Replaces (or appends) the section between `<!-- name:start -->` and `<!-- name:end -->` in bench/README.md. */
export function writeReadmeSection(name: string, markdown: string): void {
  const file = path.join(import.meta.dirname, '..', 'README.md');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n${markdown.trim()}\n${end}`;
  const current = readFileSync(file, 'utf8');
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + section + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

/** "Node 20.20.2, 2 cores, load average 0.4" for the record. */
export const machineLine = () =>
  `Node ${process.versions.node}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`;
