/**
 * Whether a process with this id runs on this machine: signal 0 checks without sending anything,
 * and a process we may not signal (EPERM) runs all the same.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
