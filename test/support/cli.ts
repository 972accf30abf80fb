import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dir, '../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `bun server/main.ts <args>` to completion (commands such as --help, backup, restore). */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'server/main.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}
