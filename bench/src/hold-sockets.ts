import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** Starts the socket holder (./socket-holder.ts) in a process of its own; `ask` sends a command and resolves its answer. */
export function socketHolder(): Promise<{
  child: ChildProcess;
  ask: <T>(message: object, answer: string) => Promise<T>;
}> {
  const child = fork(join(__dirname, 'socket-holder.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(message: object, answer: string) =>
    new Promise<T>((resolve) => {
      const listener = (m: { cmd: string }) => {
        if (m.cmd !== answer) return;
        child.off('message', listener);
        resolve(m as T);
      };
      child.on('message', listener);
      child.send(message);
    });
  return Promise.resolve({ child, ask });
}
