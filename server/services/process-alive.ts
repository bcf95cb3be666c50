/** Whether a process with this id is running (EPERM: it is, as another user's). For files named by their writer's pid. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
