import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * Starts a bench server script in its own process and resolves the URL it prints on its first line.
 * With BENCH_CPU_PROF_DIR set, the process writes a V8 CPU profile there when it exits (`node --cpu-prof`).
 */
export function spawnServer(
  script: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(__dirname, script)], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n')[0];
      if (buffer.includes('\n')) resolve({ url: line.trim(), child });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
